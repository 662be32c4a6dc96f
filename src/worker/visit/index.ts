/**
 * The visit as the Worker saw it (issue 10, item 7): every page render records page, product
 * and the landing attribution on the visitor's Durable Object; partner calls read them back.
 */
import type { Context } from 'hono';
import type { Product } from '../../../brands';
import { attributionFromAddress } from '../../partners/mediaalpha/attribution';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { visitorStub } from '../visitor';
import { visitForCall, visitRecordSchema, type PartnerVisit, type VisitRecord } from './visit-record';

export { visitForCall, withPageServed, type PartnerVisit, type VisitRecord } from './visit-record';

async function readRecord(c: Context<AppEnv>): Promise<VisitRecord | null> {
  const text = await visitorStub(c.env, c.var.visitorId).recallPartnerResult('visit');
  if (text === null) return null;
  try {
    const parsed = visitRecordSchema.safeParse(JSON.parse(text) as unknown);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Records a served page after the response (waitUntil): the page never waits on it. The
 * Durable Object call (one read-and-write there) is issued before the response leaves, so a
 * partner call the page makes afterwards reaches the object after it.
 */
export function recordPageServed(
  c: Context<AppEnv>,
  input: { sessionId: string; page: string; product: Product; url: URL },
): void {
  const seen = attributionFromAddress(input.url.href);
  c.executionCtx.waitUntil(
    visitorStub(c.env, c.var.visitorId)
      .notePageServed(input.sessionId, { page: input.page, product: input.product }, seen)
      .catch((error: unknown) =>
        logJson('warn', 'visit record not written', {
          where: 'visit.record',
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
  );
}

/** Page, product and attribution of a partner call, from the record (see visitForCall). */
export async function partnerVisit(c: Context<AppEnv>, claimedPage: string | undefined): Promise<PartnerVisit> {
  let record: VisitRecord | null = null;
  try {
    record = await readRecord(c);
  } catch (error) {
    logJson('warn', 'visit record unavailable', {
      where: 'visit.read',
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return visitForCall(record, claimedPage, c.var.brand.defaultProduct);
}
