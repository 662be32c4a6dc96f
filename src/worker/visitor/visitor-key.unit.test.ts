import { generateSignedCookie } from 'hono/cookie';
import { describe, expect, it, vi } from 'vitest';
import {
  anonymousIdFor,
  plainCookie,
  purposeSecret,
  signedCookie,
  verifySignedValue,
  type SigningPurpose,
} from './visitor-key';

/** The Worker signs with keys imported once per isolate; the cookies must not change by a byte. */
describe('signedCookie', () => {
  const cases: [string, string, SigningPurpose, number][] = [
    ['qf_aid', crypto.randomUUID(), 'visitor', 2592000],
    ['qf_sid', 'eyJ2IjoxLCJpZCI6ImEifQ', 'session', 1800],
    ['qf_visit', 'x y;z=%', 'visit', 2592000],
  ];
  it.each(cases)('%s is what hono/cookie generateSignedCookie writes', async (name, value, purpose, maxAge) => {
    const secret = 'unit-secret';
    const ours = await signedCookie(name, value, secret, purpose, maxAge);
    const hono = await generateSignedCookie(name, value, purposeSecret(secret, purpose), {
      path: '/',
      maxAge,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    expect(ours).toBe(hono);
    // Twice from the cached key: the same bytes, and it verifies under its purpose only.
    expect(await signedCookie(name, value, secret, purpose, maxAge)).toBe(hono);
    const raw = ours.slice(name.length + 1, ours.indexOf(';'));
    expect(await verifySignedValue(raw, secret, purpose)).toBe(value);
    expect(await verifySignedValue(raw, secret, purpose === 'visit' ? 'session' : 'visit')).toBeUndefined();
    expect(await verifySignedValue(raw, 'another-secret', purpose)).toBeUndefined();
  });

  it('a known signature is reused for its exact value only: a changed value or signature is checked again', async () => {
    const secret = 'memo-secret';
    const value = crypto.randomUUID();
    const cookie = await signedCookie('qf_aid', value, secret, 'visitor', 60);
    const raw = cookie.slice('qf_aid='.length, cookie.indexOf(';'));
    // Verified twice (the second time from the isolate's memo): the same answer.
    expect(await verifySignedValue(raw, secret, 'visitor')).toBe(value);
    expect(await verifySignedValue(raw, secret, 'visitor')).toBe(value);
    // The same signature on another value, or a signature off by one character, is refused.
    const signature = decodeURIComponent(raw).slice(value.length + 1);
    expect(await verifySignedValue(encodeURIComponent(`${crypto.randomUUID()}.${signature}`), secret, 'visitor')).toBe(
      undefined,
    );
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await verifySignedValue(encodeURIComponent(`${value}.${flipped}`), secret, 'visitor')).toBeUndefined();
    // A value verified first (signed elsewhere, by hono) is then signed with the same bytes.
    const other = crypto.randomUUID();
    const hono = await generateSignedCookie('qf_aid', other, purposeSecret(secret, 'visitor'), {
      path: '/',
      maxAge: 60,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    expect(await verifySignedValue(hono.slice('qf_aid='.length, hono.indexOf(';')), secret, 'visitor')).toBe(other);
    expect(await signedCookie('qf_aid', other, secret, 'visitor', 60)).toBe(hono);
  });

  it('a cookie this isolate signed comes back verified without another HMAC, and still only for its exact bytes', async () => {
    const secret = 'signed-here-secret';
    const value = 'eyJzZXNzaW9uSWQiOiJhIiwicGFnZXMiOltdfQ';
    const cookie = await signedCookie('qf_visit', value, secret, 'visit', 60);
    const raw = cookie.slice('qf_visit='.length, cookie.indexOf(';'));
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      // The visitor's next request sends it back: the isolate made that signature, so it is not checked again.
      expect(await verifySignedValue(raw, secret, 'visit')).toBe(value);
      expect(verify).not.toHaveBeenCalled();
      // Under another purpose it is checked, and refused.
      expect(await verifySignedValue(raw, secret, 'session')).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(1);
      // A signature of the same length on a changed value is checked, and refused.
      const signature = decodeURIComponent(raw).slice(value.length + 1);
      expect(await verifySignedValue(encodeURIComponent(`${value}x.${signature}`), secret, 'visit')).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });

  it("a first visit's signatures are not kept: its cookie is checked when it first comes back, then kept", async () => {
    const secret = 'first-visit-secret';
    const value = crypto.randomUUID();
    const cookie = await signedCookie('qf_aid', value, secret, 'visitor', 60, false);
    expect(cookie).toBe(await signedCookie('qf_aid', value, secret, 'visitor', 60, false));
    const raw = cookie.slice('qf_aid='.length, cookie.indexOf(';'));
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const sign = vi.spyOn(crypto.subtle, 'sign');
    try {
      // The visitor's second request: checked once, with an HMAC, then known.
      expect(await verifySignedValue(raw, secret, 'visitor')).toBe(value);
      expect(await verifySignedValue(raw, secret, 'visitor')).toBe(value);
      expect(verify).toHaveBeenCalledTimes(1);
      // Re-issued after that: the kept signature, no new HMAC.
      expect(await signedCookie('qf_aid', value, secret, 'visitor', 60)).toBe(cookie);
      expect(sign).not.toHaveBeenCalled();
      // The anonymous id likewise: worked out again until a request keeps it.
      const id = await anonymousIdFor(value, secret, false);
      expect(await anonymousIdFor(value, secret)).toBe(id);
      expect(await anonymousIdFor(value, secret)).toBe(id);
      expect(sign).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
      sign.mockRestore();
    }
  });

  it('plainCookie carries the same attributes; Max-Age 0 deletes', () => {
    expect(plainCookie('qf_new', 'abc', 60)).toBe('qf_new=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(plainCookie('qf_new', '', 0)).toBe('qf_new=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});
