/**
 * The floor with a first visit's own work: what any Worker must do for a visitor's
 * first page before it can answer, whatever its code looks like, on top of replaying the bytes.
 * - read the edge's postal code from `request.cf` (the zip resolution's ip lookup; the bench's
 *   first visits come from public ips);
 * - mint the visitor key, the session id and the CSP nonce (Web Crypto random values);
 * - sign four values with HMAC-SHA256 (Web Crypto, each purpose's key imported once per
 *   isolate): the visitor key's cookie (its key bound to the site's hostname, as the product
 *   binds it), its public anonymous id, the session cookie and the visit record;
 * - answer with its four cookies (the key, the nothing-stored hint with the anonymous id, the
 *   session, the visit record) in place of the captured ones, and the new nonce in the CSP.
 * It does not put the new ids and nonce into the page's bytes (the bytes stay the captured
 * ones), so it is a lower bound on a first visit's required work: a first visit of the product
 * against it shows what the product adds beyond that work, and this floor against the plain one
 * what the work itself costs on this runtime.
 */

/** The header that asks the constant Worker for a first visit's work. */
export const FLOOR_MINT_HEADER = 'x-floor-mint';

/** Each request of the floor with a first visit's work: a first visit's headers and the marker. */
export function floorMintRequests(
  firstVisit: () => { headers: Record<string, string> },
): () => { headers: Record<string, string> } {
  return () => ({ headers: { ...firstVisit().headers, [FLOOR_MINT_HEADER]: '1' } });
}

/** The constant Worker's first-visit work, as module source. */
export const FLOOR_MINT_SOURCE = `
const mintKeys = new Map();
function mintKey(secret, purpose) {
  let key = mintKeys.get(purpose);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret + '\\u0000' + purpose), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    mintKeys.set(purpose, key);
  }
  return key;
}
const base64 = (bytes) => { let s = ''; for (const b of bytes) s += String.fromCharCode(b); return btoa(s); };
const base64Url = (text) => base64(new TextEncoder().encode(text)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
async function signed(secret, purpose, name, value, maxAge) {
  const signature = await crypto.subtle.sign('HMAC', await mintKey(secret, purpose), new TextEncoder().encode(value));
  return name + '=' + encodeURIComponent(value + '.' + base64(new Uint8Array(signature))) + '; Max-Age=' + maxAge + '; Path=/; HttpOnly; Secure; SameSite=Lax';
}
function floorMint(request, env, page) {
  return request.headers.get('${FLOOR_MINT_HEADER}') === null ? undefined : mintedPage(request, env, page);
}
async function mintedPage(request, env, page) {
  const postal = request.cf?.postalCode;
  const edgeZip = typeof postal === 'string' && /^\\d{5}$/.test(postal) ? postal : null;
  const zone = request.cf?.timezone;
  const timeZone = typeof zone === 'string' && zone.length <= 64 ? zone : null;
  const secret = env.VISITOR_COOKIE_SECRET;
  const key = crypto.randomUUID();
  const sessionId = crypto.randomUUID();
  const nonce = base64(crypto.getRandomValues(new Uint8Array(16)));
  const session = base64Url(JSON.stringify({ v: 1, id: sessionId, paid: false, p: {} }));
  const visit = base64Url(JSON.stringify({ sessionId, attribution: {}, pages: [{ page: new URL(request.url).pathname, product: 'medicare' }], edgeZip, timeZone }));
  const [visitorCookie, anonymous, sessionCookie, visitCookie] = await Promise.all([
    signed(secret, 'visitor\\u0000' + new URL(request.url).hostname, '__Host-qf_aid', key, 2592000),
    crypto.subtle.sign('HMAC', await mintKey(secret, 'anonymous'), new TextEncoder().encode(key)),
    signed(secret, 'session', '__Host-qf_sid', session, 1800),
    signed(secret, 'visit', '__Host-qf_visit', visit, 2592000),
  ]);
  // The public id as the product shapes it: the HMAC's first 16 bytes as a v4 UUID.
  const bytes = new Uint8Array(anonymous, 0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  const anonymousId = hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
  const headers = new Headers();
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy') headers.append(name, value.replace(/'nonce-[^']*'/g, "'nonce-" + nonce + "'"));
    else if (lower !== 'set-cookie') headers.append(name, value);
  }
  headers.append('set-cookie', visitorCookie);
  headers.append('set-cookie', '__Host-qf_new=' + anonymousId + '; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax');
  headers.append('set-cookie', sessionCookie);
  headers.append('set-cookie', visitCookie);
  return new Response(page.body, { status: page.status, headers });
}`;
