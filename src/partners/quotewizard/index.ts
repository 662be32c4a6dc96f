/** QuoteWizard: the auto lead payload of spec section 7. Medicare is not implemented and throws. */
export * from './mapping';
