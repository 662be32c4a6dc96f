import { defineEventHandler, setResponseHeader } from 'h3';
import snapshot from '../../snapshot/page.json';
import { answersKey, peerEnv, peerSession, storedAnswers, type PeerVisitor } from '../utils/visitor';

/** A CSP nonce: 16 random bytes, base64, as the product mints one a request. */
function mintNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The page's visitor, before the page renders: a first visit gets a session (visitor and visit ids,
 * the edge's postal code), a returning one is read from its cookie, and one that stored answers
 * has them and their zip's place read from KV (only then: the session says whether there are any,
 * as the product's nothing-stored hint does). The product's response headers go out with this request's nonce.
 */
export default defineEventHandler(async (event) => {
  if (event.path !== '/otc-allowance' && !event.path.startsWith('/otc-allowance?')) return;
  const env = peerEnv(event);
  const session = await peerSession(event);
  // A session this peer sealed came back: the browser has had a page (as the product's signed visitor key says).
  const returning = Boolean(session.data.visitorId);
  if (!returning) {
    const cf = (event.context.cloudflare as { request?: { cf?: { postalCode?: string } } }).request?.cf;
    await session.update({
      visitorId: crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      edgeZip: cf?.postalCode ?? null,
    });
  }
  const { visitorId = '', sessionId = '', edgeZip = null, answers = false } = session.data;
  const { values, location } = storedAnswers(answers ? await env.ANSWERS.get(answersKey(visitorId), 'json') : null);
  const nonce = mintNonce();
  // The page's zip: the stored one, else the edge's postal code of the first visit (as the product).
  const zip = typeof values.zipcode === 'string' ? values.zipcode : edgeZip;
  const visitor: PeerVisitor = {
    nonce,
    visitorId,
    sessionId,
    submissionId: crypto.randomUUID(),
    returning,
    zip,
    // The place shown is the stored place of that zip; the landing step looks nothing up (as the product).
    location: location?.zip === zip ? location : null,
    values,
  };
  event.context.visitor = visitor;
  for (const [name, value] of snapshot.headers as [string, string][])
    if (!/^content-type$/i.test(name))
      setResponseHeader(event, name, value.split('{nonce}').join(nonce).split('{sandbox}').join(env.SANDBOX_ORIGIN));
});
