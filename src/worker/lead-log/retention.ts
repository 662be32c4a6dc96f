/**
 * How long a certificate is kept. Unclaimed: CERTIFICATE_RETENTION_DAYS after it entered the log
 * (90 by default, never less than the lead's hot window and a day, so a certificate outlives its
 * lead's delivery). A buyer's claim keeps it until the day the buyer names: three years by
 * default, at most five (the TCPA's four-year limitation period for a claim, and a year to defend
 * one). A claim only ever extends. When a certificate goes, its log entry stays: a hash, which
 * says nothing of the lead.
 */
import { leadsHotDays } from '../lead-archive/move';

export const DAY_MS = 86_400_000;
export const CLAIM_DEFAULT_DAYS = 1095;
export const CLAIM_MAX_DAYS = 1826;

export function certificateRetentionDays(env: {
  CERTIFICATE_RETENTION_DAYS?: string;
  LEADS_HOT_DAYS?: string;
}): number {
  const days = Number(env.CERTIFICATE_RETENTION_DAYS ?? '90');
  const wanted = Number.isInteger(days) && days >= 1 ? days : 90;
  return Math.max(wanted, leadsHotDays(env) + 1);
}

/** R2 keys of a certificate's claim records: one object per claim, under the certificate. */
export const claimPrefix = (certificateId: string) => `lead-log/claims/${certificateId}/`;
