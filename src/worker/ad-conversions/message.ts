import { z } from 'zod';

/**
 * An AD_CONVERSIONS message names a row of D1 `ad_conversions`; it carries no personal data (the
 * consumer reads the lead and hashes its contact when it sends), so the queue, its dead-letter
 * queue and any replay hold none.
 */
export const adConversionMessageSchema = z.strictObject({
  v: z.literal(1),
  id: z.string().min(1).max(256),
});

export type AdPlatform = 'google-ads' | 'meta-capi';

/** Queue names of the consumer (one per environment, wrangler.toml). */
export function isAdConversionQueue(queue: string): boolean {
  return /^quote-funnel-ad-conversions(-staging|-production)?$/.test(queue);
}
