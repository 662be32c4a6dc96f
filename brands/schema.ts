import { z } from 'zod';
import { brandConsentSchema } from './consent';
import { brandCopySchema, LAYOUTS, logoSchema, themeSchema } from './identity';

/** The twelve brand codes of the spec; adding a brand means adding a code here and a record file. */
export const BRAND_CODES = [
  'bh',
  'm10',
  'm10es',
  'wc',
  'ayb',
  'qs',
  'ps',
  'tqg',
  'sd',
  'bridge',
  'emily',
  'ac',
] as const;
export const brandCodeSchema = z.enum(BRAND_CODES);
export type BrandCode = z.infer<typeof brandCodeSchema>;

export const PRODUCTS = ['medicare', 'auto', 'life'] as const;
export const productSchema = z.enum(PRODUCTS);
export type Product = z.infer<typeof productSchema>;

/** Spec section 1: product ids 'tqg' and 'ps' map to auto; any other id maps to medicare. */
export function productForBrandId(id: string): 'auto' | 'medicare' {
  return id === 'tqg' || id === 'ps' ? 'auto' : 'medicare';
}

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, 'a lower-case hostname');
/** MediaAlpha placement ids are 30 characters; thirty zeros means "no placement: use the default number". */
export const NO_PLACEMENT = '0'.repeat(30);
const placementId = z.string().regex(/^[A-Za-z0-9_-]{30}$/, 'a 30-character placement id');

export const brandSchema = z
  .object({
    id: brandCodeSchema,
    name: z.string().min(2).max(60),
    /** Production hostnames; the first is canonical. Local development uses {id}.localhost. */
    hostnames: z.array(hostname).min(1),
    tagManagerId: z.string().regex(/^GTM-[A-Z0-9]{6,8}$/),
    /** E.164 digits with country prefix, no plus sign (spec section 3: phone-number record value). */
    defaultPhone: z.string().regex(/^1[2-9]\d{9}$/, 'eleven digits starting with country code 1'),
    defaultProduct: productSchema,
    defaultLanguage: z.enum(['english', 'spanish']),
    /** Identity (brands/identity.ts): colours per mode, radius and type scale; the logo is the favicon too. */
    theme: themeSchema,
    layout: z.enum(LAYOUTS),
    logo: logoSchema,
    copy: brandCopySchema,
    mediaalpha: z.object({
      /** Placement per product; a product without one uses NO_PLACEMENT (no partner call). */
      placementIds: z.partialRecord(productSchema, placementId),
      /** Default affiliate id for sub_1 when the address carries no afid. */
      defaultAffiliateId: z.string().min(1).max(64),
    }),
    /** Completed auto leads are sent to QuoteWizard (src/worker/lead-delivery/) when enabled; absent means off. */
    quoteWizard: z.object({ enabled: z.boolean() }).strict().optional(),
    /** Who may contact the brand's visitors and the Medicare disclaimer counts (brands/consent.ts). */
    consent: brandConsentSchema,
  })
  .strict();

export type Brand = z.infer<typeof brandSchema>;
