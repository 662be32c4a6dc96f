/**
 * Forms are data: each form is ordered steps, each step its fields (named with the spec's
 * lead field names), whether it may be skipped, and a submit handler. The Worker and the
 * form island (src/ui/islands/quote-form) share these definitions; the Worker judges every
 * value with the lead schema of src/shared/lead (see parse-step.ts), the island with the
 * zod-free copy of its rules (field-rules.ts).
 */
export * from './types';
export * from './engine';
export * from './messages';
export { FORMS, formDefinition, formsOfSameProduct, stepNamesFor } from './registry';
export { fieldValue, inputNames, isEmpty, maskPhone } from './field-rules';
export { stepVerdict, submittedFromInputs, type StepVerdict } from './step-verdict';
export { MONTH_OPTIONS, YES_NO } from './options';
export { typedInvalid, waivableTypos, withoutValues, WITHOUT_ACTION, CONTACT_KINDS } from './typed-contact';
