/**
 * The visit as the Worker saw it: every page render records page, product
 * and the landing attribution; partner calls read them back, never from the request body or
 * the Referer.
 *
 * The record travels in a cookie the Worker signs (HMAC, its own signing purpose), not in the
 * visitor's Durable Object: a first visit from an ad click then costs no Durable Object at all
 * (creating one per first page view cut first-visit throughput about thirtyfold), and the
 * browser cannot change what it carries, only send back a record the Worker wrote for it.
 */
import type { Context } from 'hono';
import type { Product } from '../../../brands';
import { attributionFromSearch } from '../../partners/mediaalpha/attribution';
import { base64UrlToText, textToBase64Url } from '../../shared/base64url';
import { sharedMemo } from '../../shared/memo';
import type { AppEnv } from '../env';
import {
  cookieSecret,
  currentCookie,
  HOST_PREFIX,
  signedCookie,
  verifySignedValue,
  VISITOR_COOKIE_MAX_AGE,
  requestCookies,
} from '../visitor/visitor-key';
import {
  sessionEdgeZip,
  sessionTimeZone,
  visitForCall,
  visitRecordSchema,
  withPageServed,
  type PartnerVisit,
  type VisitRecord,
} from './visit-record';

export { visitForCall, withPageServed, type PartnerVisit, type VisitRecord } from './visit-record';

export const VISIT_COOKIE = `${HOST_PREFIX}qf_visit`;

async function readRecord(c: Context<AppEnv>): Promise<VisitRecord | null> {
  // Under its old name (qf_visit) too, once: the visitor middleware moves it to the new one.
  const raw = currentCookie(requestCookies(c.req.raw), VISIT_COOKIE).raw;
  const value = await verifySignedValue(raw, cookieSecret(c.env), 'visit');
  return value === undefined ? null : decodeRecord(value);
}

/**
 * Records decoded in this isolate, by the verified cookie value (a returning visitor's
 * record was decoded and checked by its schema on every page). Frozen (withPageServed makes a
 * new record), so every request may share one.
 */
const decodeRecord = sharedMemo(1024, decodeRecordOnce);

function decodeRecordOnce(value: string): VisitRecord | null {
  const json = base64UrlToText(value);
  if (json === undefined) return null;
  try {
    const parsed = visitRecordSchema.safeParse(JSON.parse(json) as unknown);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Records a served page: the Set-Cookie value of the updated record, for the page's response,
 * and the session's edge zip and time zone. request.cf is parsed whole on its first read (about
 * 35 µs of a page's CPU under load), so the edge's postal code and time zone are read once a
 * session (`edgeZip` and `edgeTimeZone`, when the page may need them) and kept in the record the
 * session's later pages come back with: a later page of the session does not touch request.cf.
 */
export async function recordPageServed(
  c: Context<AppEnv>,
  input: {
    sessionId: string;
    page: string;
    product: Product;
    url: URL;
    edgeZip: (() => string | null) | null;
    edgeTimeZone: (() => string | null) | null;
  },
): Promise<{ cookie: string; edgeZip: string | null | undefined; timeZone: string | null | undefined }> {
  const previous = await readRecord(c);
  const remembered = sessionEdgeZip(previous, input.sessionId);
  const edgeZip = remembered !== undefined ? remembered : input.edgeZip?.();
  const rememberedZone = sessionTimeZone(previous, input.sessionId);
  const timeZone = rememberedZone !== undefined ? rememberedZone : input.edgeTimeZone?.();
  const record = withPageServed(
    previous,
    input.sessionId,
    { page: input.page, product: input.product },
    attributionFromSearch(input.url.searchParams),
    edgeZip,
    timeZone,
  );
  const cookie = await signedCookie(
    VISIT_COOKIE,
    textToBase64Url(JSON.stringify(record)),
    cookieSecret(c.env),
    'visit',
    VISITOR_COOKIE_MAX_AGE,
    // A first visit's signature is kept once the cookie comes back (src/worker/visitor/visitor-key.ts).
    !c.get('newVisitor'),
  );
  return { cookie, edgeZip, timeZone };
}

/** Page, product and attribution of a partner call, from the record (see visitForCall). */
export async function partnerVisit(c: Context<AppEnv>, claimedPage: string | undefined): Promise<PartnerVisit> {
  return visitForCall(await readRecord(c), claimedPage, c.var.brand.defaultProduct);
}
