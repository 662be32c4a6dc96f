import type { CallContext } from './call-context';
import { REQUEST_VERSION } from './call-context';

/** Spec section 9: an expected value below 10 is a low bid. */
export const LOW_BID_THRESHOLD = 10;

export function isLowBid(ev: number): boolean {
  return ev < LOW_BID_THRESHOLD;
}

/** Spec section 7.1: zip and state come from the geo lookup. */
export interface DemandCheckData {
  zip: string | null;
  state: string | null;
}

export function demandCheckRequest(ctx: CallContext, data: DemandCheckData) {
  return {
    data: { zip: data.zip, state: data.state },
    ip: ctx.ip,
    local_hour: ctx.localHour,
    max: 1,
    call_type: 'Inbound',
    transfer_type: 'cold',
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
export type DemandCheckRequest = ReturnType<typeof demandCheckRequest>;
