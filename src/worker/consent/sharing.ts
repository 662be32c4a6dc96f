/**
 * What a partner may learn about a visitor, decided in one place (nothing
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
   * Medicare one-to-one consent (42 CFR 422.2274(g)(4)): the entities listed and
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

/**
 * Whether personal (contact) fields may go to `partner` given what the visitor accepted. The
 * auto and life disclosures name the brand and the companies of its /partners list, which covers
 * every partner above. A Medicare disclosure names companies one by one (42 CFR 422.2274(g)(4)):
 * a partner receives personal data only when it is itself one of the companies listed and
 * ticked, under its own id; the companies ticked receive the lead by their own delivery, and
 * MediaAlpha's call (the call is the conversion) then carries nothing personal.
 */
export function maySharePersonalData(acceptance: ConsentAcceptance | null, partner: SharingPartner): boolean {
  if (acceptance === null) return false;
  if (!acceptance.sellers) return true;
  return acceptance.sellers.some((s) => s.accepted && s.id === partner);
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
