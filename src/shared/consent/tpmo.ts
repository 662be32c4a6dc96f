/**
 * The CMS third-party marketing organisation (TPMO) disclaimer, as data with an effective
 * date: a rule change is a new entry, not a code change, and the certificate of a lead
 * records which version the page showed. '{organizations}' and '{products}' are the two
 * counts of the brand record (brands/consent.ts).
 */
import type { Language } from '../../routes/schema';

export interface TpmoDisclaimerVersion {
  version: string;
  /** First day (UTC, YYYY-MM-DD) the wording applies. */
  effectiveFrom: string;
  rule: string;
  text: Readonly<Record<Language, string>>;
  /** The disclosure that the visitor's information goes to a licensed agent who will contact them. */
  agentNotice: Readonly<Record<Language, string>>;
}

const AGENT_NOTICE = {
  english: 'When you submit your information, it will be given to a licensed insurance agent who will contact you.',
  spanish: 'Cuando envíe su información, se entregará a un agente de seguros con licencia que se comunicará con usted.',
} as const;

/** Oldest first. Never edit a published entry; add one. */
export const TPMO_DISCLAIMERS: readonly TpmoDisclaimerVersion[] = [
  {
    version: 'tpmo-2024-10-01',
    effectiveFrom: '2024-10-01',
    rule: '42 CFR 422.2267(e)(41), contract year 2025',
    text: {
      english:
        'We do not offer every plan available in your area. Currently we represent {organizations} organizations which offer {products} products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
      spanish:
        'No ofrecemos todos los planes disponibles en su área. Actualmente representamos {organizations} organizaciones que ofrecen {products} productos en su área. Comuníquese con Medicare.gov, con el 1-800-MEDICARE o con su Programa Estatal de Asistencia sobre Seguros de Salud (SHIP) local para obtener información sobre todas sus opciones.',
    },
    agentNotice: AGENT_NOTICE,
  },
  {
    version: 'tpmo-2026-10-01',
    effectiveFrom: '2026-10-01',
    rule: '42 CFR 422.2267(e)(41), contract year 2027 final rule (SHIP referral removed)',
    text: {
      english:
        'We do not offer every plan available in your area. Currently we represent {organizations} organizations which offer {products} products in your area. Please contact Medicare.gov or 1-800-MEDICARE to get information on all of your options.',
      spanish:
        'No ofrecemos todos los planes disponibles en su área. Actualmente representamos {organizations} organizaciones que ofrecen {products} productos en su área. Comuníquese con Medicare.gov o con el 1-800-MEDICARE para obtener información sobre todas sus opciones.',
    },
    agentNotice: AGENT_NOTICE,
  },
];

/** The version in force on a date: the latest whose effective date has come. */
export function tpmoDisclaimerVersion(now: Date = new Date()): TpmoDisclaimerVersion {
  // Every page view asks (its shell key); the answer changes at most once a UTC day.
  const dayNumber = Math.floor(now.getTime() / DAY_MS);
  if (lastVersion?.dayNumber === dayNumber) return lastVersion.version;
  const day = now.toISOString().slice(0, 10);
  let found = TPMO_DISCLAIMERS[0] as TpmoDisclaimerVersion;
  for (const entry of TPMO_DISCLAIMERS) if (entry.effectiveFrom <= day) found = entry;
  lastVersion = { dayNumber, version: found };
  return found;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let lastVersion: { dayNumber: number; version: TpmoDisclaimerVersion } | undefined;

export interface TpmoDisclaimer {
  version: string;
  text: string;
  agentNotice: string;
}

/** The disclaimer as shown: the version in force, in the page language, with the brand's counts. */
export function tpmoDisclaimer(
  counts: { organizations: number; products: number },
  language: Language,
  now: Date = new Date(),
): TpmoDisclaimer {
  const entry = tpmoDisclaimerVersion(now);
  return {
    version: entry.version,
    text: entry.text[language]
      .replaceAll('{organizations}', String(counts.organizations))
      .replaceAll('{products}', String(counts.products)),
    agentNotice: entry.agentNotice[language],
  };
}
