import { describe, expect, it } from 'vitest';
import { CookieError, parseCookieHeader, serializeCookie } from './cookies';

describe('cookie validation (RFC 6265)', () => {
  it('serializes a valid cookie with every option', () => {
    const header = serializeCookie('qf_sid', 'abc.123-_~', {
      path: '/',
      maxAge: 1800.7,
      expires: new Date('2030-01-02T03:04:05Z'),
      domain: 'benefithelpers.com',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      priority: 'High',
    });
    expect(header).toBe(
      'qf_sid=abc.123-_~; Max-Age=1800; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Domain=benefithelpers.com; Path=/; Secure; HttpOnly; SameSite=Lax; Priority=High',
    );
  });

  it.each(['bad name', 'semi;colon', 'eq=uals', 'quote"d', 'brace{', 'comma,', '', 'tab\t', 'ünicode'])(
    'rejects the name %j with a clear error',
    (name) => {
      expect(() => serializeCookie(name, 'v')).toThrow(CookieError);
      expect(() => serializeCookie(name, 'v')).toThrow(/Cookie name .* RFC 6265/);
    },
  );

  it.each(['has space', 'semi;colon', 'com,ma', 'back\\slash', 'quo"te', 'new\nline', 'é'])(
    'rejects the value %j',
    (value) => {
      expect(() => serializeCookie('ok', value)).toThrow(/Value of cookie "ok" has characters/);
    },
  );

  it('accepts an empty value and a double-quoted value', () => {
    expect(serializeCookie('a', '')).toBe('a=');
    expect(serializeCookie('a', '"quoted"')).toBe('a="quoted"');
  });

  it('rejects bad options', () => {
    expect(() => serializeCookie('a', 'b', { domain: 'evil.com; HttpOnly' })).toThrow(/domain/);
    expect(() => serializeCookie('a', 'b', { path: '/x;y' })).toThrow(/path/);
    expect(() => serializeCookie('a', 'b', { maxAge: Number.NaN })).toThrow(/maxAge/);
    expect(() => serializeCookie('a', 'b', { expires: new Date('nope') })).toThrow(/expires/);
    expect(() => serializeCookie('a', 'b', { sameSite: 'None' })).toThrow(/secure/);
    expect(serializeCookie('a', 'b', { sameSite: 'None', secure: true })).toBe('a=b; Secure; SameSite=None');
  });

  it('parses a Cookie header, skipping malformed pairs and keeping the first duplicate', () => {
    const cookies = parseCookieHeader(' _ga=GA1.1.123.456; bad name=x; _fbp="fb.1.2"; _ga=second; junk; v=a b');
    expect([...cookies]).toEqual([
      ['_ga', 'GA1.1.123.456'],
      ['_fbp', 'fb.1.2'],
    ]);
    expect(parseCookieHeader(null).size).toBe(0);
  });
});
