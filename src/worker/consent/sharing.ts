/**
 * What a partner may learn about a visitor, decided in one place (issue 11, item 4: nothing
 * personal to any partner before consent). Before the visitor accepted the consent step of a
 * form, partner calls (MediaAlpha ads and get-phone) carry only what prices an offer: zip,
 * yes/no answers, vehicles, insurer. Names, email, phone, street address and date of birth
 * go only after acceptance, and only to the partners the accepted disclosure covers.
 *
 * The visitor's Durable Object records an acceptance when the final (consent) step of a form
 * was accepted as a complete lead (src/worker/funnel/lead-rules.ts); callers pass that record
 * here and never decide on their own.
 */
import type { FormValues } from '../../shared/json';
import { isPersonalKey } from '../../shared/tracking/strip-personal';

/** Partners that receive visitor data. */
export type SharingPartner = 'mediaalpha' | 'quotewizard';

/** A consent the visitor gave: the form whose consent step they accepted, the disclosure version and when. */
export interface ConsentAcceptance {
  form: string;
  version: string;
  at: string;
}

/** Whether personal (contact) fields may go to `partner` given what the visitor accepted. */
export function maySharePersonalData(acceptance: ConsentAcceptance | null, partner: SharingPartner): boolean {
  // The current disclosure names "the brand and its marketing partners", which covers every
  // partner above; a per-seller disclosure (Medicare) narrows this per partner.
  void partner;
  return acceptance !== null;
}

/** The values a partner may see: everything when sharing is allowed, otherwise only non-personal answers. */
export function valuesForPartner(values: FormValues, acceptance: ConsentAcceptance | null, partner: SharingPartner): FormValues {
  if (maySharePersonalData(acceptance, partner)) return values;
  const out: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isPersonalKey(name)) out[name] = value;
  }
  return out;
}
