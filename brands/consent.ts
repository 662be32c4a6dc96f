import { z } from 'zod';

/**
 * Who may contact a brand's visitors, kept in the brand record:
 * - `partners`: the companies an auto or life visitor agrees may call, listed on the brand's
 *   /partners page that the consent text links to;
 * - `medicare`: the entities a Medicare visitor may accept one by one (42 CFR
 *   422.2274(g)(4): each with its own unticked checkbox, default no sharing), and the two
 *   counts of the TPMO disclaimer (42 CFR 422.2267(e)(41)).
 */
const localized = z.object({ english: z.string().min(1).max(300), spanish: z.string().min(1).max(300) });

export const contactPartnerSchema = z
  .object({
    name: z.string().min(2).max(100),
    /** What the company does, shown on the /partners page. */
    role: localized,
  })
  .strict();

export const medicareSellerSchema = z
  .object({
    /** Stable id the form posts back (the checkbox value); a renamed seller keeps its id. */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,40}$/),
    /** The legal name shown beside the checkbox and recorded on the lead and certificate. */
    name: z.string().min(2).max(100),
  })
  .strict();

export const brandConsentSchema = z
  .object({
    partners: z.array(contactPartnerSchema).min(1).max(50),
    medicare: z
      .object({
        sellers: z.array(medicareSellerSchema).min(1).max(10),
        /** "Currently we represent N organizations which offer N products in your area." */
        organizations: z.number().int().min(1).max(999),
        products: z.number().int().min(1).max(9999),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine(
    (c) => !c.medicare || new Set(c.medicare.sellers.map((s) => s.id)).size === c.medicare.sellers.length,
    'seller ids are unique',
  );

export type BrandConsent = z.infer<typeof brandConsentSchema>;
export type ContactPartner = z.infer<typeof contactPartnerSchema>;
export type MedicareSeller = z.infer<typeof medicareSellerSchema>;

/** Roles used by several brand records, written once. */
export const ROLES = {
  agency: { english: 'Licensed insurance agency', spanish: 'Agencia de seguros con licencia' },
  carrier: { english: 'Insurance company', spanish: 'Compañía de seguros' },
  marketplace: {
    english: 'Insurance marketplace that connects you with licensed agents',
    spanish: 'Mercado de seguros que lo conecta con agentes con licencia',
  },
  callCenter: {
    english: 'Licensed call centre acting for the carriers it represents',
    spanish: 'Centro de llamadas con licencia que actúa por las aseguradoras que representa',
  },
} as const;
