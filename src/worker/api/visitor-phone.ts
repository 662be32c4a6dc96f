import type { Context } from 'hono';
import type { Product } from '../../../brands';
import type { PhoneLeaseResult } from '../../partners/mediaalpha/phone-lease';
import { logPartnerFailure } from '../../partners/partner-fetch';
import { phoneCallGuard } from '../defence/partner-guard';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { noteLeaseMade } from '../revenue';
import { partnerCallContext } from './partner-context';
import { visitorPlace } from './visitor-place';

export interface LeaseRequest {
  product: Product;
  page: string | undefined;
  /** The zip the page resolved, if any (else the stored location's, then the ip's). */
  zip: string | null;
  localHour?: number;
}

/**
 * The visitor's phone lease (spec 7.2) through the Durable Object, the partner guard and the
 * place of the visit: one path for the page's get-phone call and the server-side lease of a
 * form finished without JavaScript. Never rejects: a failure is the default number (null lease).
 */
export function leaseVisitorPhone(c: Context<AppEnv>, input: LeaseRequest): Promise<PhoneLeaseResult> {
  const brand = c.var.brand;
  return (async () => {
    const [place, context, guard] = await Promise.all([
      visitorPlace(c),
      partnerCallContext(c, input.product, input.page, input.localHour),
      phoneCallGuard(c),
    ]);
    // The stored location's zip (the visitor's resolved zip) before the ip's postal code.
    const result = await visitorStub(c.env, c.var.visitorId).getPhone({
      product: input.product,
      defaultPhone: brand.defaultPhone,
      context,
      zip: input.zip,
      geoPostalCode: place.zip,
      ...guard.args,
    });
    guard.settle(result);
    // A new partner number: its lease history attributes a call payout to this visit later.
    if (result.source === 'partner' && result.lease) noteLeaseMade(c, input.page, result.lease);
    return result;
  })().catch((error: unknown) => {
    logPartnerFailure('mediaalpha.get-phone', error);
    return { lease: null, source: 'fallback' as const };
  });
}

/** Waits for the lease at most `deadlineMs`; the call goes on after it (waitUntil) and stores its result for the next page. */
export async function leaseWithin(
  c: Context<AppEnv>,
  work: Promise<PhoneLeaseResult>,
  deadlineMs: number,
): Promise<PhoneLeaseResult> {
  c.executionCtx.waitUntil(work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<PhoneLeaseResult>((resolve) => {
    timer = setTimeout(() => resolve({ lease: null, source: 'fallback' }), deadlineMs);
  });
  const result = await Promise.race([work, deadline]);
  clearTimeout(timer);
  return result;
}
