import { z } from 'zod';
import { productSchema, type Product } from '../../../brands';
import { attributionSchema, mergeAttribution, type Attribution } from '../../partners/mediaalpha/attribution';

/**
 * The Worker's record of a visit, kept in a cookie the Worker signs and
 * rewritten by every page the Worker serves: the session it belongs to, the affiliate and
 * publisher ids seen at landing (last touch within the session: a later address with a new
 * afid replaces it, an address with none keeps it), and the pages served in this session with
 * their product, most recent first. Partner calls take page, product and attribution from
 * here, never from the request body or the Referer.
 */
export const MAX_VISITED_PAGES = 10;

const visitedPage = z.object({ page: z.string().max(128), product: productSchema });
export const visitRecordSchema = z.object({
  sessionId: z.string().max(64),
  attribution: attributionSchema,
  pages: z.array(visitedPage).max(MAX_VISITED_PAGES),
  /**
   * The postal code the edge gave this session (request.cf, a 5-digit zip or null), read once a
   * session: the zip resolution's ip lookup. Absent until a page of the session needed it.
   */
  edgeZip: z
    .string()
    .regex(/^\d{5}$/)
    .nullable()
    .optional(),
  /**
   * The IANA time zone the edge gave this session (request.cf.timezone, checked against the
   * runtime's zones, or null), read once a session for the hours a page shows in the visitor's
   * zone. Absent until a page of the session needed it (a local address never does).
   */
  timeZone: z.string().max(64).nullable().optional(),
});
export type VisitRecord = z.infer<typeof visitRecordSchema>;
export type VisitedPage = z.infer<typeof visitedPage>;

/**
 * The record after a page of `sessionId` was served; a new session starts a new record. The
 * session's edge zip and time zone are kept once known; `edgeZip` and `timeZone` are this
 * page's, when the record had none.
 */
export function withPageServed(
  record: VisitRecord | null,
  sessionId: string,
  page: VisitedPage,
  seen: Attribution,
  edgeZip?: string | null,
  timeZone?: string | null,
): VisitRecord {
  const same = record !== null && record.sessionId === sessionId;
  const pages = [page, ...(same ? record.pages.filter((p) => p.page !== page.page) : [])].slice(0, MAX_VISITED_PAGES);
  const zip = same && record.edgeZip !== undefined ? record.edgeZip : edgeZip;
  const zone = same && record.timeZone !== undefined ? record.timeZone : timeZone;
  return {
    sessionId,
    attribution: mergeAttribution(same ? record.attribution : {}, seen),
    pages,
    ...(zip !== undefined ? { edgeZip: zip } : {}),
    ...(zone !== undefined ? { timeZone: zone } : {}),
  };
}

/** The session's edge zip as the record holds it (undefined: not read yet in this session). */
export function sessionEdgeZip(record: VisitRecord | null, sessionId: string): string | null | undefined {
  return record !== null && record.sessionId === sessionId ? record.edgeZip : undefined;
}

/** The session's edge time zone as the record holds it (undefined: not read yet in this session). */
export function sessionTimeZone(record: VisitRecord | null, sessionId: string): string | null | undefined {
  return record !== null && record.sessionId === sessionId ? record.timeZone : undefined;
}

export interface PartnerVisit {
  page: string | null;
  product: Product;
  attribution: Attribution;
}

/**
 * Page and product of a partner call: the page the call names when the Worker served it in
 * this visit (two tabs on two pages each get their own), else the page served last; with no
 * record, the brand's default product and no page.
 */
export function visitForCall(
  record: VisitRecord | null,
  claimedPage: string | undefined,
  defaultProduct: Product,
): PartnerVisit {
  if (!record || record.pages.length === 0)
    return { page: null, product: defaultProduct, attribution: record?.attribution ?? {} };
  const served = record.pages.find((p) => p.page === claimedPage) ?? record.pages[0];
  return { page: served?.page ?? null, product: served?.product ?? defaultProduct, attribution: record.attribution };
}
