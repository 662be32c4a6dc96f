/**
 * Medicare one-to-one consent on the server: which of the brand's entities the
 * consent step listed and which the visitor ticked. The form posts one field per ticked entity,
 * `consentSeller:{id}` (the island inside its JSON values, the no-JavaScript form as
 * checkboxes), so both paths reach the Worker the same way; ids not in the brand record are
 * ignored, and nothing is ticked unless the visitor ticked it.
 */
import { z } from 'zod';
import type { Brand } from '../../../brands';
import { sellerChoices, sellerFieldName, type SellerChoice } from '../../shared/consent';

export const sellerChoicesSchema = z
  .array(z.object({ id: z.string(), name: z.string(), accepted: z.boolean() }))
  .max(20);

const TICKED = new Set(['yes', 'on', '1', 'true']);

/** The ids whose checkbox was posted ticked. */
export function postedSellerIds(raw: Readonly<Record<string, unknown>>, sellers: readonly { id: string }[]): string[] {
  return sellers
    .filter((s) => {
      const value = raw[sellerFieldName(s.id)];
      return value === true || (typeof value === 'string' && TICKED.has(value.toLowerCase()));
    })
    .map((s) => s.id);
}

/** The seller choices of a Medicare consent step, or null when the product is not Medicare or the brand lists none. */
export function sellerChoicesFor(
  brand: Brand,
  product: string,
  raw: Readonly<Record<string, unknown>>,
): SellerChoice[] | null {
  const sellers = brand.consent.medicare?.sellers;
  if (product !== 'medicare' || !sellers) return null;
  return sellerChoices(sellers, postedSellerIds(raw, sellers));
}
