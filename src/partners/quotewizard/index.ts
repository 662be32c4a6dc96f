/** QuoteWizard: the auto lead payload of spec section 7 and the lead intake client. A Medicare lead throws the spec's error (QuoteWizard takes auto only). */
export * from './mapping';
export * from './client';
