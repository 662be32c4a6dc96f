/**
 * The lead-certificate signing key: an Ed25519 private key as a JWK in the
 * LEAD_CERTIFICATE_KEY secret (`{"kty":"OKP","crv":"Ed25519","x":…,"d":…,"kid":…}`; a
 * development key in .dev.vars.example, a test key in vitest.config.ts). Rotation: put a new
 * key with a new kid; every key that signed a certificate is kept in D1 `certificate_keys`
 * and stays published, so old certificates keep verifying.
 */
import { z } from 'zod';

const b64u = /^[A-Za-z0-9_-]{43}$/;
const privateJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().regex(b64u),
  d: z.string().regex(b64u),
  kid: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
});

export const publicJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().regex(b64u),
  kid: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export type PublicJwk = z.infer<typeof publicJwkSchema>;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

let cached: { secret: string; key: Promise<SigningKey | null> } | undefined;

async function importKey(secret: string): Promise<SigningKey | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(secret);
  } catch {
    return null;
  }
  const jwk = privateJwkSchema.safeParse(raw);
  if (!jwk.success) return null;
  const { kty, crv, x, d, kid } = jwk.data;
  const privateKey = await crypto.subtle.importKey('jwk', { kty, crv, x, d }, { name: 'Ed25519' }, false, ['sign']);
  return { kid, privateKey, publicJwk: { kty, crv, x, kid, alg: 'EdDSA', use: 'sig' } };
}

/** The configured signing key (imported once per isolate), or null when the secret is missing or invalid. */
export function signingKey(secret: string | undefined): Promise<SigningKey | null> {
  if (!secret) return Promise.resolve(null);
  if (cached?.secret !== secret) cached = { secret, key: importKey(secret).catch(() => null) };
  return cached.key;
}
