/**
 * Lead delivery to the companies a visitor chose: QuoteWizard for auto leads, each Medicare
 * company ticked on the consent step. The final step calls `deliverLead` (one call site,
 * final-step.ts); the LEAD_DELIVERY queue's consumer judges the lead again, sends it, and stores
 * each recipient's answer (D1 `lead_deliveries`, and QuoteWizard's columns on the lead).
 */
export { deliverLead, enqueueDelivery, goesToQuoteWizard, type DeliverableLead } from './deliver-lead';
export {
  handleLeadDeliveryBatch,
  deliverOne,
  LEAD_DELIVERY_MAX_RETRIES,
  deliveryRetryDelaySeconds,
  type DeliveryOutcome,
} from './consumer';
export { requeueUnsent, type RequeueOutcome } from './requeue-unsent';
export { isLeadDeliveryQueue, leadDeliveryMessageSchema, type LeadDeliveryMessage } from './message';
