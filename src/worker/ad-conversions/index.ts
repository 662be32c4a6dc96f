/**
 * Ad platforms told, server to server: a lead that reached a buyer becomes a Google Ads offline
 * conversion through the Data Manager API (gclid, gbraid or wbraid, with hashed contact for
 * enhanced conversions for leads, OAuth from a service-account key) and a Meta Conversions API
 * Lead event (fbc from fbclid, fbp), through the AD_CONVERSIONS queue with retries and a
 * dead-letter queue; a paid call becomes its own Google conversion, and a payout restates a
 * conversion's value. Never for a GPC or opted-out visitor, a partial lead or a bot, never with
 * unhashed personal data (docs/decisions/0162-ad-platform-conversions.md,
 * 0245-google-data-manager-conversions.md, 0246-paid-calls-are-conversions.md). What each
 * platform may receive is ad-consent.ts (0251); Meta's fields, version and Limited Data Use, and
 * its silence on Medicare, 0250 and 0252.
 */
export { queueAdConversions, queuePayoutAdjustment, platformsFor } from './queue-conversions';
export { handleAdConversionBatch, sendOne } from './consumer';
export { isAdConversionQueue } from './message';
export { adConsent, type AdConsent } from './ad-consent';
