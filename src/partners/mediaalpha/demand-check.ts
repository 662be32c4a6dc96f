import { requestEnvelope, type CallContext } from './call-context';

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
    ...requestEnvelope(ctx),
    data: { zip: data.zip, state: data.state },
    max: 1,
    call_type: 'Inbound',
    transfer_type: 'cold',
  } as const;
}
export type DemandCheckRequest = ReturnType<typeof demandCheckRequest>;
