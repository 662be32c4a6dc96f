import { z } from 'zod';

/**
 * A LEAD_DELIVERY message names a lead row (its unique key in D1 `leads`); it never carries
 * the lead's personal data, so the queue, its dead-letter queue and any replay tooling hold
 * none. The consumer reads the row.
 */
export const leadDeliveryMessageSchema = z.strictObject({
  v: z.literal(1),
  partner: z.literal('quotewizard'),
  visitorId: z.string().min(1).max(128),
  form: z.string().min(1).max(64),
  submissionId: z.string().min(1).max(64),
});
export type LeadDeliveryMessage = z.infer<typeof leadDeliveryMessageSchema>;

/** Queue names of the consumer (one per environment, wrangler.toml). */
export function isLeadDeliveryQueue(queue: string): boolean {
  return /^quote-funnel-leads(-staging|-production)?$/.test(queue);
}
