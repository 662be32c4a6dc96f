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

/**
 * Every reason a lead is withheld, as data: what it protects and how it can hit a real person.
 * `verdict` stands for the trust rules of src/worker/defence/thresholds.ts (each with its own
 * protects and falsePositive); the others are decided here and in same-person.ts.
 */
export const WITHHELD_RULES = {
  partial: {
    protects: 'buyers from leads without the answers or consent a sale needs',
    falsePositive: 'a person who skipped a required answer or the consent: kept for the operator, shown a number',
  },
  verdict: {
    protects: 'buyers from leads no person is proven behind (the trust rules, thresholds.ts)',
    falsePositive: "each trust rule's own falsePositive; measured in docs/performance.md (Lead decision)",
  },
  duplicate: {
    protects:
      'one person sold twice for one product: an earlier delivered lead, or a claimed first lead (first_leads), of the same phone or email and product within LEAD_DUPLICATE_WINDOW_DAYS',
    falsePositive:
      'two people sharing one phone or email asking for the same product within the window; never another product, never a lead that was not delivered',
  },
  opted_out: {
    protects: "the person's own opt-out: GPC, the opt-out cookie, a do-not-sell request",
    falsePositive: 'a shared browser or contact where another person opted out',
  },
  no_recipient: {
    protects: 'consent: nobody receives a lead the visitor named no company for',
    falsePositive: 'none: the visitor ticked no company',
  },
} as const satisfies Record<string, { protects: string; falsePositive: string }>;

export type WithheldReason = keyof typeof WITHHELD_RULES;

export interface DeliveryDecision {
  deliver: boolean;
  recipients: Recipient[];
  withheld: WithheldReason[];
  /** The earlier lead of the same person this one duplicates (status `duplicate`), or null. */
  duplicateOf: string | null;
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
  return { deliver, recipients: deliver ? input.recipients : [], withheld, duplicateOf: input.duplicateOf };
}
