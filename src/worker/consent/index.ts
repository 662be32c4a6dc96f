/**
 * Consent you can prove and privacy rights: the consent text catalog, signed lead
 * certificates and their keys, Medicare per-seller consent, Global Privacy Control, the
 * /partners and do-not-sell pages, operator export and deletion, and retention.
 * The decision "may personal data go to a partner" is sharing.ts.
 */
export { consentApp } from './routes';
export { privacyOps } from './privacy-ops';
export { purgeExpiredLeadValues } from './retention';
export { certifyFinalStep } from './lead-consent';
