/**
 * Who receives a lead, decided once per final submit from everything the steps before found:
 * the companies the visitor chose (consent-given.ts), and whether the lead may go to them at
 * all: complete, judged a person (delivery-policy.ts), the first of this person's leads
 * (same-person.ts), and not opted out (GPC, do-not-sell). A lead that may not go anywhere is
 * kept for the operator with every reason it was withheld; the visitor is still shown a number.
 */
import type { Brand, Product } from '../../../brands';
import type { SellerChoice } from '../../shared/consent';
import { goesToQuoteWizard } from '../lead-delivery/deliver-lead';

export type { Recipient } from '../lead-delivery/recipient';
import type { Recipient } from '../lead-delivery/recipient';

export type WithheldReason = 'partial' | 'verdict' | 'duplicate' | 'opted_out' | 'no_recipient';

export interface DeliveryDecision {
  deliver: boolean;
  recipients: Recipient[];
  withheld: WithheldReason[];
}

const MEDIAALPHA: Recipient = { id: 'mediaalpha', name: 'MediaAlpha, Inc.', kind: 'mediaalpha' };
const QUOTEWIZARD: Recipient = { id: 'quotewizard', name: 'QuoteWizard.com, LLC', kind: 'quotewizard' };

/**
 * The companies the consent covers. Medicare: exactly the companies ticked (MediaAlpha only if
 * it is itself listed and ticked). Auto and life: the disclosure names the brand's /partners
 * list, which includes the marketplaces; QuoteWizard buys auto leads where the brand enables it.
 */
export function recipientsFor(brand: Brand, product: Product, sellers: readonly SellerChoice[] | null): Recipient[] {
  if (product === 'medicare') {
    return (sellers ?? [])
      .filter((s) => s.accepted)
      .map((s) =>
        s.id === MEDIAALPHA.id ? { ...MEDIAALPHA, name: s.name } : { id: s.id, name: s.name, kind: 'seller' },
      );
  }
  const listed = (name: string) => brand.consent.partners.some((p) => p.name.toLowerCase().startsWith(name));
  return [
    ...(goesToQuoteWizard(brand, product) && listed('quotewizard') ? [QUOTEWIZARD] : []),
    ...(listed('mediaalpha') ? [MEDIAALPHA] : []),
  ];
}

export function decideDelivery(input: {
  complete: boolean;
  deliverableVerdict: boolean;
  duplicateOf: string | null;
  optedOut: boolean;
  recipients: Recipient[];
}): DeliveryDecision {
  const withheld: WithheldReason[] = [];
  if (!input.complete) withheld.push('partial');
  if (!input.deliverableVerdict) withheld.push('verdict');
  if (input.duplicateOf !== null) withheld.push('duplicate');
  if (input.optedOut) withheld.push('opted_out');
  if (input.recipients.length === 0) withheld.push('no_recipient');
  const deliver = withheld.length === 0;
  return { deliver, recipients: deliver ? input.recipients : [], withheld };
}
