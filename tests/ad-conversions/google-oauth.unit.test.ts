import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { base64UrlToText } from '../../src/shared/base64url';
import {
  DATA_MANAGER_SCOPE,
  dataManagerAccessToken,
  forgetAccessToken,
  parseServiceAccountKey,
  serviceAccountAssertion,
  TokenError,
  type ServiceAccountKey,
} from '../../src/worker/ad-conversions/google-oauth';
import { origin } from '../support/sandbox';

/**
 * The Data Manager API's OAuth token, minted on the Worker from the service-account key (a JWT
 * bearer grant at the token endpoint, here the sandbox's, which checks the signature, audience,
 * scope and lifetime as Google does), kept until a minute before it expires and then replaced.
 */
function developmentKey(): ServiceAccountKey {
  const key = parseServiceAccountKey(env.GOOGLE_SERVICE_ACCOUNT_KEY);
  if (!key) throw new Error('vitest.config.ts sets the development service-account key');
  return key;
}

async function timesIssued(token: string): Promise<number> {
  const res = await fetch(`${origin}/__sandbox/calls?partner=google-oauth`);
  const { calls } = await res.json<{ calls: { body: { issued?: string } }[] }>();
  return calls.filter((c) => c.body.issued === token).length;
}

describe('Data Manager OAuth token', () => {
  it('signs an RS256 assertion with the claims Google requires', async () => {
    const key = developmentKey();
    const now = Date.UTC(2026, 5, 15, 10, 0, 0);
    const [header, claims, signature] = (await serviceAccountAssertion(key, now)).split('.');
    expect(JSON.parse(base64UrlToText(header ?? '') ?? '')).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: key.private_key_id,
    });
    expect(JSON.parse(base64UrlToText(claims ?? '') ?? '')).toEqual({
      iss: key.client_email,
      scope: DATA_MANAGER_SCOPE,
      aud: 'https://oauth2.googleapis.com/token',
      iat: now / 1000,
      exp: now / 1000 + 3600,
    });
    expect(signature).toMatch(/^[A-Za-z0-9_-]{342}$/);
  });

  it('mints once, reuses the token while it lasts, and mints again near its expiry', async () => {
    const key = developmentKey();
    const base = env.GOOGLE_OAUTH_BASE_URL;
    forgetAccessToken(key, base);
    const first = await dataManagerAccessToken(key, base);
    expect(await dataManagerAccessToken(key, base)).toBe(first);
    expect(await timesIssued(first)).toBe(1);

    // A token minted 59 minutes ago (Google's last for an hour) is replaced, not carried into its last minute.
    forgetAccessToken(key, base);
    const old = await dataManagerAccessToken(key, base, Date.now() - 3_550_000);
    const fresh = await dataManagerAccessToken(key, base);
    expect(fresh).not.toBe(old);
    expect(await dataManagerAccessToken(key, base)).toBe(fresh);
    expect(await timesIssued(fresh)).toBe(1);
  });

  it('reports a key Google refuses (a signature that does not verify) as final', async () => {
    const real = developmentKey();
    const pair = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    );
    const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----\n`;
    // Same key id and account, another private key: the signature does not verify.
    const forged = {
      ...real,
      private_key_id: `${real.private_key_id}`,
      private_key: pem,
      client_email: `forged-${real.client_email}`,
    };
    const refused = await dataManagerAccessToken(forged, env.GOOGLE_OAUTH_BASE_URL).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TokenError);
    expect(refused).toMatchObject({ permanent: true, message: 'oauth 400 invalid_grant' });
  });
});
