import { requestEnvelope, type CallContext } from './call-context';

/** Spec section 9: phone lease time 300, which we read as seconds (MediaAlpha's unit for lease times). */
export const PHONE_LEASE_SECONDS = 300;

/** Spec section 7.2: data is the mapped lead (mapMedicareLead / mapAutoLead). */
export function getPhoneRequest(ctx: CallContext, data: Record<string, unknown>) {
  return {
    ...requestEnvelope(ctx),
    data,
    phone_num_lease_time: PHONE_LEASE_SECONDS,
  } as const;
}
export type GetPhoneRequest = ReturnType<typeof getPhoneRequest>;

/** The ads request of the clicks pages: the demand-check context with the mapped lead as data. */
export function adsRequest(ctx: CallContext, data: Record<string, unknown>) {
  return {
    ...requestEnvelope(ctx),
    data,
  } as const;
}
export type AdsRequest = ReturnType<typeof adsRequest>;
