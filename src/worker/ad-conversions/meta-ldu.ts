/**
 * Meta's Limited Data Use (developers.facebook.com/docs/marketing-apis/data-processing-options):
 * with `data_processing_options: ['LDU']`, Meta processes an event of a person in a state where LDU
 * applies as a service provider and limits its use (its State-Specific Terms). LDU is available for
 * people in California, Colorado, Connecticut, Florida, Texas, Oregon and Montana. Meta documents
 * country 1 with state 1000 for California, and country 0 with state 0 to let Meta place the event
 * itself; other states' codes are not in the reference we read, so those go as 0, 0.
 *
 * Our rule, per visitor: a visitor whose state (from the zip they typed) has LDU gets it; a visitor
 * whose state we do not know gets it too, placed by Meta (0, 0), since sending LDU for someone it
 * does not cover costs nothing and missing it for someone it does would use their data beyond
 * measurement; a visitor in another known state is sent an explicit empty list, which Meta reads
 * as "LDU not enabled".
 */
export const LDU_STATES: ReadonlySet<string> = new Set(['CA', 'CO', 'CT', 'FL', 'TX', 'OR', 'MT']);

export type DataProcessingOptions =
  | { data_processing_options: ['LDU']; data_processing_options_country: 0 | 1; data_processing_options_state: number }
  | { data_processing_options: [] };

export function dataProcessingOptions(stateCode: string | null): DataProcessingOptions {
  const state = stateCode?.toUpperCase() ?? null;
  if (state === 'CA')
    return {
      data_processing_options: ['LDU'],
      data_processing_options_country: 1,
      data_processing_options_state: 1000,
    };
  if (state === null || LDU_STATES.has(state))
    return { data_processing_options: ['LDU'], data_processing_options_country: 0, data_processing_options_state: 0 };
  return { data_processing_options: [] };
}
