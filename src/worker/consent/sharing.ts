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
  /**
   * Medicare one-to-one consent (issue 19, 42 CFR 422.2274(g)(4)): the entities listed and
   * which the visitor ticked. Present means per-seller consent applies: personal data goes out
   * only when at least one was accepted, and the partner request names only those.
   */
  sellers?: { id: string; name: string; accepted: boolean }[];
}

/** The sellers a Medicare visitor accepted (names, for the partner request); null when consent is not per seller. */
export function acceptedSellerNames(acceptance: ConsentAcceptance | null): string[] | null {
  if (!acceptance?.sellers) return null;
  return acceptance.sellers.filter((s) => s.accepted).map((s) => s.name);
}

/** Whether personal (contact) fields may go to `partner` given what the visitor accepted. */
export function maySharePersonalData(acceptance: ConsentAcceptance | null, partner: SharingPartner): boolean {
  // The auto and life disclosures name the brand and the companies of its /partners list, which covers every
  // partner above; a per-seller disclosure (Medicare) narrows this per partner.
  void partner;
  if (acceptance === null) return false;
  // Medicare: only with at least one entity ticked (none ticked: nothing personal leaves).
  return acceptance.sellers ? acceptance.sellers.some((s) => s.accepted) : true;
}

/** The values a partner may see: everything when sharing is allowed, otherwise only non-personal answers. */
export function valuesForPartner(
  values: FormValues,
  acceptance: ConsentAcceptance | null,
  partner: SharingPartner,
): FormValues {
  if (maySharePersonalData(acceptance, partner)) return values;
  const out: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isPersonalKey(name)) out[name] = value;
  }
  return out;
}
