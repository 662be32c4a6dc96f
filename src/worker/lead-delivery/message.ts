import { z } from 'zod';

/**
 * A LEAD_DELIVERY message names a lead row (and, for a Medicare company, the recipient); it
 * never carries the lead's personal data, so the queue, its dead-letter queue and any replay
 * tooling hold none. The consumer reads the row.
 */
const quoteWizardMessageSchema = z.strictObject({
  v: z.literal(1),
  partner: z.literal('quotewizard'),
  visitorId: z.string().min(1).max(128),
  form: z.string().min(1).max(64),
  submissionId: z.string().min(1).max(64),
});
const sellerMessageSchema = z.strictObject({
  v: z.literal(1),
  partner: z.literal('seller'),
  leadId: z.string().min(1).max(64),
  recipient: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/),
});
export const leadDeliveryMessageSchema = z.discriminatedUnion('partner', [
  quoteWizardMessageSchema,
  sellerMessageSchema,
]);
export type LeadDeliveryMessage = z.infer<typeof leadDeliveryMessageSchema>;
export type QuoteWizardDeliveryMessage = z.infer<typeof quoteWizardMessageSchema>;
export type SellerDeliveryMessage = z.infer<typeof sellerMessageSchema>;

/** Queue names of the consumer (one per environment, wrangler.toml). */
export function isLeadDeliveryQueue(queue: string): boolean {
  return /^quote-funnel-leads(-staging|-production)?$/.test(queue);
}
