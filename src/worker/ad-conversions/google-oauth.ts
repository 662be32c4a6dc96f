/**
 * An OAuth 2.0 access token for the Data Manager API, minted on the Worker from a service-account
 * key as Google's "Using OAuth 2.0 for Server to Server Applications" describes it: a JWT
 * (RS256, signed with WebCrypto) whose claims name the service account (iss), the scope, the
 * token endpoint (aud, the key's token_uri) and an hour's life, exchanged at the token endpoint
 * with the JWT bearer grant. The token is kept in module scope until a minute before it expires,
 * so an isolate mints one per hour, not one per conversion; a refused exchange is not cached.
 * The token endpoint's base URL is a var (the sandbox serves it locally); the JWT's aud stays
 * the key's own token_uri, as Google checks it.
 */
import { z } from 'zod';
import { bytesToBase64Url, textToBase64Url } from '../../shared/base64url';

export const DATA_MANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google accepts an assertion of at most an hour. */
const ASSERTION_SECONDS = 3600;
/** A token this close to its expiry is replaced, so a request never carries one that lapses in flight. */
const REFRESH_MARGIN_MS = 60_000;
const TIMEOUT_MS = 8000;

/** The JSON key file Google issues for a service account (the fields the flow reads). */
export const serviceAccountKeySchema = z.object({
  type: z.literal('service_account'),
  private_key_id: z.string().min(1),
  private_key: z.string().includes('-----BEGIN PRIVATE KEY-----'),
  client_email: z.email(),
  token_uri: z.url(),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

export function parseServiceAccountKey(text: string | undefined): ServiceAccountKey | null {
  try {
    const parsed = serviceAccountKeySchema.safeParse(JSON.parse(text ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string().regex(/^bearer$/i),
});

/** Why no token: the endpoint refused the key (final until the key changes) or could not be reached. */
export class TokenError extends Error {
  constructor(
    readonly permanent: boolean,
    message: string,
  ) {
    super(message);
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
const cache = new Map<string, CachedToken>();
const signingKeys = new Map<string, Promise<CryptoKey>>();

function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** Imported once per private key (keyed by the key itself: a key id alone could name a replaced key). */
function signingKey(key: ServiceAccountKey): Promise<CryptoKey> {
  let found = signingKeys.get(key.private_key);
  if (!found) {
    found = crypto.subtle.importKey(
      'pkcs8',
      pemToDer(key.private_key),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    // A key that fails to import is not kept: the next call tries again (and fails the same way, loudly).
    found.catch(() => signingKeys.delete(key.private_key));
    signingKeys.set(key.private_key, found);
  }
  return found;
}

/** The signed assertion of the JWT bearer grant. */
export async function serviceAccountAssertion(key: ServiceAccountKey, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const header = textToBase64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: key.private_key_id }));
  const claims = textToBase64Url(
    JSON.stringify({
      iss: key.client_email,
      scope: DATA_MANAGER_SCOPE,
      aud: key.token_uri,
      iat,
      exp: iat + ASSERTION_SECONDS,
    }),
  );
  const input = `${header}.${claims}`;
  const signature = await crypto.subtle.sign(
    'RSASSA-PKCS1-v1_5',
    await signingKey(key),
    new TextEncoder().encode(input),
  );
  return `${input}.${bytesToBase64Url(new Uint8Array(signature))}`;
}

async function mint(key: ServiceAccountKey, tokenBaseUrl: string, nowMs: number): Promise<CachedToken> {
  const assertion = await serviceAccountAssertion(key, nowMs);
  let response: Response;
  try {
    response = await fetch(`${tokenBaseUrl.replace(/\/$/, '')}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new TokenError(false, 'token endpoint unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // {"error":"invalid_grant","error_description":"..."}: the code names the cause; the description is not kept.
    const code: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
    const reason = `oauth ${response.status} ${typeof code === 'string' ? code.slice(0, 40) : ''}`.trim();
    throw new TokenError(response.status >= 400 && response.status < 500 && response.status !== 429, reason);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw new TokenError(false, 'oauth malformed token response');
  return { token: parsed.data.access_token, expiresAt: nowMs + parsed.data.expires_in * 1000 };
}

/** A bearer token for the Data Manager API: the cached one while it lasts, else a new one. */
export async function dataManagerAccessToken(
  key: ServiceAccountKey,
  tokenBaseUrl: string,
  nowMs = Date.now(),
): Promise<string> {
  const cacheKey = `${tokenBaseUrl}|${key.client_email}|${key.private_key_id}`;
  const cached = cache.get(cacheKey);
  if (cached && cached.expiresAt - REFRESH_MARGIN_MS > nowMs) return cached.token;
  const fresh = await mint(key, tokenBaseUrl, nowMs);
  cache.set(cacheKey, fresh);
  return fresh.token;
}

/** Google refused a token it issued (401): forget it so the next attempt mints another. */
export function forgetAccessToken(key: ServiceAccountKey, tokenBaseUrl: string): void {
  cache.delete(`${tokenBaseUrl}|${key.client_email}|${key.private_key_id}`);
}
