import { NO_PLACEMENT, type Brand, type Product } from '../../../brands';
import type { Attribution } from './attribution';
import { buildSource, type SourceList } from './source';

/** Spec section 9: request version 17. */
export const REQUEST_VERSION = 17;

/**
 * What every MediaAlpha request carries besides its data, all decided by the Worker: ip
 * from CF-Connecting-IP, user agent from the request, placement id from the brand, sub ids
 * and source from the visitor's attribution. sub_2 is the brand id and sub_3 the page name,
 * so MediaAlpha's reports split by brand and page (see docs/decisions/0010-mediaalpha-publisher-id-sub-ids-and-the-source.md).
 */
export interface CallContext {
  ip: string;
  ua: string;
  /** Site origin, e.g. https://benefithelpers.com. */
  url: string;
  localHour: number;
  placementId: string;
  sub1: string;
  sub2: string | null;
  sub3: string | null;
  source: SourceList;
}

export function placementFor(brand: Brand, product: Product): string {
  return brand.mediaalpha.placementIds[product] ?? NO_PLACEMENT;
}

export function hasPlacement(placementId: string): boolean {
  return placementId !== NO_PLACEMENT;
}

export interface CallContextInput {
  brand: Brand;
  product: Product;
  attribution: Attribution;
  ip: string;
  ua: string;
  origin: string;
  localHour: number;
  page?: string | null;
}

export async function buildCallContext(input: CallContextInput): Promise<CallContext> {
  const sub1 = input.attribution.afid ?? input.brand.mediaalpha.defaultAffiliateId;
  return {
    ip: input.ip,
    ua: input.ua,
    url: input.origin,
    localHour: input.localHour,
    placementId: placementFor(input.brand, input.product),
    sub1,
    sub2: input.brand.id,
    sub3: input.page ?? null,
    source: await buildSource(sub1, input.attribution.publisherId),
  };
}

/** The fields every MediaAlpha request carries (spec sections 7.1 and 7.2), from the call context. */
export function requestEnvelope(ctx: CallContext) {
  return {
    ip: ctx.ip,
    local_hour: ctx.localHour,
    placement_id: ctx.placementId,
    ua: ctx.ua,
    url: ctx.url,
    version: REQUEST_VERSION,
    sub_1: ctx.sub1,
    sub_2: ctx.sub2,
    sub_3: ctx.sub3,
    source: ctx.source,
  } as const;
}
