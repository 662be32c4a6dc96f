/**
 * Google's OAuth 2.0 token endpoint for service accounts, as "Using OAuth 2.0 for Server to Server
 * Applications" describes the JWT bearer grant: the assertion is a JWT signed RS256 with the key
 * whose id is its `kid`, claiming iss (the service account), scope, aud
 * (https://oauth2.googleapis.com/token), iat and exp at most an hour later. A wrong signature, an
 * expired or over-long assertion, another audience or a missing scope is `invalid_grant`.
 *
 * The only key it knows is the development key of .dev.vars.example and vitest.config.ts (its
 * public half below): a real key is refused here as Google refuses a sandbox one.
 */
export const TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
export const DATA_MANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';

const PUBLIC_KEYS: Record<string, string> = {
  'sandbox-data-manager-key-1': `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAlZyXPXtO/5mFk3H9aNWp
H3Z/XEwN1OM0Cm6DlFnYab5aM/4NZfTSfFvvTm/Qlp7Bljz3oF149UK2GDV/dF0g
NXnyHK7yU+mc39C1A46qTaZiUhm8aMaZYeNxnPaHugWn6jQR7lN93HYOZlzbYLh6
IP2VQ3kGBXColTyKLQvSX3LMQsdb2/V9ym0sAqNBbzz67bfpnSzaIbcA7L8Z/AYR
tkLzg5PQNK64kvjlx92Fsrsq1TzYUy7w27joMBoj4C8gWjIgyOjbX3qOozly3kPe
Ppma89GrvMmKxbv6vTIYBDq0Xdd67+6mhWWLViEMCDk5vdV8dPFlrUgHWoz80c5k
jQIDAQAB
-----END PUBLIC KEY-----`,
};

const keys = new Map<string, Promise<CryptoKey>>();
function publicKey(kid: string): Promise<CryptoKey> | null {
  const pem = PUBLIC_KEYS[kid];
  if (!pem) return null;
  let key = keys.get(kid);
  if (!key) {
    const der = Buffer.from(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s+/g, ''), 'base64');
    key = crypto.subtle.importKey('spki', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
    keys.set(kid, key);
  }
  return key;
}

function json(part: string | undefined): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type Verified = { ok: true; iss: string; scope: string } | { ok: false; problem: string };

export async function verifyAssertion(assertion: string, nowMs: number): Promise<Verified> {
  const [h, p, s] = assertion.split('.');
  const header = json(h);
  const claims = json(p);
  if (!header || !claims || !s) return { ok: false, problem: 'Invalid JWT: not a JWS compact serialization' };
  if (header.alg !== 'RS256') return { ok: false, problem: 'Invalid JWT: alg must be RS256' };
  const key = typeof header.kid === 'string' ? publicKey(header.kid) : null;
  if (!key) return { ok: false, problem: 'Invalid JWT Signature.' };
  const valid = await crypto.subtle.verify(
    'RSASSA-PKCS1-v1_5',
    await key,
    Buffer.from(s, 'base64url'),
    new TextEncoder().encode(`${h}.${p}`),
  );
  if (!valid) return { ok: false, problem: 'Invalid JWT Signature.' };
  const now = Math.floor(nowMs / 1000);
  const { iss, scope, aud, iat, exp } = claims;
  if (typeof iss !== 'string' || !iss.endsWith('.iam.gserviceaccount.com'))
    return { ok: false, problem: 'Invalid issuer' };
  if (aud !== TOKEN_AUDIENCE) return { ok: false, problem: 'Invalid JWT: aud must be ' + TOKEN_AUDIENCE };
  if (typeof iat !== 'number' || typeof exp !== 'number')
    return { ok: false, problem: 'Invalid JWT: iat and exp are required' };
  if (iat > now + 60 || exp <= now)
    return { ok: false, problem: 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe' };
  if (exp - iat > 3600) return { ok: false, problem: 'Invalid JWT: exp is more than an hour after iat' };
  if (typeof scope !== 'string' || !scope.split(' ').includes(DATA_MANAGER_SCOPE))
    return { ok: false, problem: 'Invalid OAuth scope or ID token audience provided.' };
  return { ok: true, iss, scope };
}
