/**
 * Lead delivery to partners that buy completed leads: today QuoteWizard for auto leads.
 * The final step calls `deliverLead` (one call site, accept-step.ts); the LEAD_DELIVERY
 * queue's consumer sends the lead and stores the partner's answer on the D1 row.
 */
export { deliverLead, enqueueDelivery, goesToQuoteWizard, type DeliverableLead } from './deliver-lead';
export {
  handleLeadDeliveryBatch,
  deliverOne,
  LEAD_DELIVERY_MAX_RETRIES,
  deliveryRetryDelaySeconds,
  type DeliveryOutcome,
} from './consumer';
export { isLeadDeliveryQueue, leadDeliveryMessageSchema, type LeadDeliveryMessage } from './message';
