import type { CallContext } from './call-context';
import { REQUEST_VERSION } from './call-context';

/** Spec section 9: phone lease time 300, which we read as seconds (MediaAlpha's unit for lease times). */
export const PHONE_LEASE_SECONDS = 300;

/** Spec section 7.2: data is the mapped lead (mapMedicareLead / mapAutoLead). */
export function getPhoneRequest(ctx: CallContext, data: Record<string, unknown>) {
  return {
    data,
    ip: ctx.ip,
    local_hour: ctx.localHour,
    phone_num_lease_time: PHONE_LEASE_SECONDS,
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
export type GetPhoneRequest = ReturnType<typeof getPhoneRequest>;

/** The ads request of the clicks pages: the demand-check context with the mapped lead as data. */
export function adsRequest(ctx: CallContext, data: Record<string, unknown>) {
  return {
    data,
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
export type AdsRequest = ReturnType<typeof adsRequest>;
