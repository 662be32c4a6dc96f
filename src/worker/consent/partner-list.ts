import type { Brand, Product } from '../../../brands';
import { sha256Hex } from '../../shared/consent';

/**
 * The list of companies a consent relied on, versioned by its content: the brand's /partners
 * list for auto and life (the disclosure links to it), the companies offered one by one for
 * Medicare. Its SHA-256 goes into the certificate, so a later change of the list is a new
 * version and an old certificate still says exactly which list the visitor was shown.
 */
export async function partnerListOf(
  brand: Brand,
  product: Product,
): Promise<{ version: string; sha256: string; names: string[] }> {
  const names =
    product === 'medicare'
      ? (brand.consent.medicare?.sellers ?? []).map((s) => s.name)
      : brand.consent.partners.map((p) => p.name);
  const sha256 = await sha256Hex(JSON.stringify({ product, names }));
  return { version: sha256.slice(0, 12), sha256, names };
}
