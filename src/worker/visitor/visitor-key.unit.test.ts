import { generateSignedCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { plainCookie, purposeSecret, signedCookie, verifySignedValue, type SigningPurpose } from './visitor-key';

/** Issue 16: the Worker signs with keys imported once per isolate; the cookies must not change by a byte. */
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

  it('plainCookie carries the same attributes; Max-Age 0 deletes', () => {
    expect(plainCookie('qf_new', 'abc', 60)).toBe('qf_new=abc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(plainCookie('qf_new', '', 0)).toBe('qf_new=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});
