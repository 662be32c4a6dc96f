/**
 * Spec section 2: personal fields can arrive in the address (an email campaign's link). They
 * are mapped to the lead field names of every product, parsed with the lead schemas (invalid
 * values silently dropped) and handed to the visitor's Durable Object as prefill. Nothing
 * here is logged; the boot script removes them from the visible address.
 */
import { parseLeadValues } from '../../shared/lead';
import { maskPhone } from '../../shared/forms';
import { toFormValues, type FormValues } from '../../shared/json';

/** Query parameter (lower case) to the lead fields it fills. */
const PREFILL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  firstname: ['firstName', 'driver1FirstName'],
  lastname: ['lastName', 'driver1LastName'],
  email: ['email', 'driver1Email'],
  phone: ['phone', 'driver1Phone'],
  dateofbirth: ['dateOfBirth', 'driver1Dob'],
  address: ['driver1Address'],
  has_medicare: ['haveMedicare'],
  has_medicaid: ['haveMedicaid'],
  // Not personal, but the same idea: a zip the ad already knows fills the first question.
  zip_code: ['zipcode'],
};

/**
 * Fields that hold one answer for different products (a first name is firstName on the Medicare
 * form and driver1FirstName on the auto form). Prefill fills a group only when none of its
 * fields is answered: a link never puts "Eve" beside the "Ada" the visitor typed.
 */
export const PREFILL_GROUPS: readonly (readonly string[])[] = Object.values(PREFILL_FIELDS);

/** The fields answering the same question as `field` (itself included). */
export function prefillGroupOf(field: string): readonly string[] {
  return PREFILL_GROUPS.find((group) => group.includes(field)) ?? [field];
}

/** The prefill carried by an address, or null when it carries none. */
export function prefillFromQuery(params: URLSearchParams): FormValues | null {
  if (params.size === 0) return null;
  const input: Record<string, string> = {};
  for (const [key, raw] of params) {
    const fields = PREFILL_FIELDS[key.toLowerCase()];
    if (!fields || raw.length > 512) continue;
    // Links carry phone numbers as bare digits; the lead rule wants the masked form.
    const value = key.toLowerCase() === 'phone' ? maskPhone(raw) : raw;
    for (const field of fields) input[field] = value;
  }
  if (Object.keys(input).length === 0) return null;
  const values = toFormValues({
    ...parseLeadValues('life', input),
    ...parseLeadValues('auto', input),
    ...parseLeadValues('medicare', input),
  });
  return Object.keys(values).length > 0 ? values : null;
}
