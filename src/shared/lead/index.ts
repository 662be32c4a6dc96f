/**
 * The lead: field names, enumerations, insurer list and the lenient validation of spec
 * sections 3 and 5, shared by the form island (browser) and the Worker. Every field is
 * optional and an invalid value is dropped, never an error; see fields.ts.
 */
export * from './enums';
export * from './insurers';
export * from './fields';
export { parseDateOfBirth, dateOfBirthFromParts, MAX_AGE_YEARS } from './date-of-birth';
export { lenient, withoutUndefined } from './lenient';
