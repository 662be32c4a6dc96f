/**
 * The carriers a visitor may hear about, as data. Medicare carriers are the
 * ones the ac reviews cover (src/routes/families/fixed.ts); each carries what its review page
 * shows: plan types (registry term codes, translated by termLabel), where it sells and what to
 * compare. Auto and life carriers are named only where the brand's own consent list
 * (brands/*.ts, consent.partners) says they may contact its visitors.
 */
import type { Brand, Product } from '../../brands/schema';
import type { Language } from '../routes/schema';

type Localized = Readonly<Record<Language, string>>;

export interface Carrier {
  name: string;
  product: Product;
  /** The route of the carrier's review page, if it has one. */
  review?: string;
  /** Registry term codes (src/ui/i18n.ts termLabel). */
  planTypes: readonly string[];
  where?: Localized;
  compare?: readonly Localized[];
  /** Auto and life: the legal name's start in the brand's consent partners. */
  partnerPrefix?: string;
}

const NETWORK: Localized = {
  english: 'Whether your doctors and hospitals are in the network',
  spanish: 'Si sus médicos y hospitales están en la red',
};
const FORMULARY: Localized = {
  english: 'Whether your prescriptions are on the drug list, and at which tier',
  spanish: 'Si sus medicamentos están en la lista de medicamentos y en qué nivel',
};
const OUT_OF_POCKET: Localized = {
  english: 'The premium, the deductible and the yearly out-of-pocket limit',
  spanish: 'La prima, el deducible y el límite anual de gastos de bolsillo',
};
const EXTRAS: Localized = {
  english: 'Extra benefits such as dental, vision or an over-the-counter allowance, which vary by plan and county',
  spanish:
    'Beneficios adicionales como dental, visión o una asignación para productos de venta libre, que varían según el plan y el condado',
};

export const CARRIERS: readonly Carrier[] = [
  {
    name: 'Aetna',
    product: 'medicare',
    review: 'reviews-aetna',
    planTypes: ['Medicare Advantage', 'Part D'],
    where: {
      english: 'Medicare Advantage HMO and PPO plans and stand-alone Part D plans in many states.',
      spanish: 'Planes Medicare Advantage HMO y PPO y planes de la Parte D independientes en muchos estados.',
    },
    compare: [NETWORK, FORMULARY, OUT_OF_POCKET, EXTRAS],
  },
  {
    name: 'Cigna',
    product: 'medicare',
    review: 'reviews-cigna',
    planTypes: ['Medicare Advantage', 'Part D'],
    where: {
      english: 'Medicare Advantage and Part D plans in selected states; check the current plan name and sponsor.',
      spanish:
        'Planes Medicare Advantage y de la Parte D en algunos estados; verifique el nombre actual del plan y su patrocinador.',
    },
    compare: [NETWORK, FORMULARY, OUT_OF_POCKET],
  },
  {
    name: 'Humana',
    product: 'medicare',
    review: 'reviews-humana',
    planTypes: ['Medicare Advantage', 'Part D', 'D-SNP', 'C-SNP'],
    where: {
      english: 'HMO, PPO and Special Needs Plans in most states, with networks that vary by market.',
      spanish:
        'Planes HMO, PPO y Planes para Necesidades Especiales en la mayoría de los estados, con redes que varían según el mercado.',
    },
    compare: [NETWORK, FORMULARY, OUT_OF_POCKET, EXTRAS],
  },
  {
    name: 'Wellcare',
    product: 'medicare',
    review: 'reviews-wellcare',
    planTypes: ['Medicare Advantage', 'D-SNP', 'Part D'],
    where: {
      english:
        'Medicare Advantage plans, including plans for people with both Medicare and Medicaid, and Part D plans.',
      spanish:
        'Planes Medicare Advantage, incluidos planes para personas con Medicare y Medicaid, y planes de la Parte D.',
    },
    compare: [NETWORK, FORMULARY, OUT_OF_POCKET],
  },
  {
    name: 'UnitedHealthcare',
    product: 'medicare',
    review: 'reviews-unitedhealthcare',
    planTypes: ['Medicare Advantage', 'Part D', 'Medicare Supplement'],
    where: {
      english:
        'Medicare Advantage and Part D plans, and Medicare Supplement insurance under the AARP name, in most states.',
      spanish:
        'Planes Medicare Advantage y de la Parte D, y seguros Medicare Suplementario con el nombre AARP, en la mayoría de los estados.',
    },
    compare: [NETWORK, FORMULARY, OUT_OF_POCKET, EXTRAS],
  },
  { name: 'Progressive', product: 'auto', planTypes: ['Auto'], partnerPrefix: 'Progressive' },
  { name: 'GEICO', product: 'auto', planTypes: ['Auto'], partnerPrefix: 'GEICO' },
  { name: 'Allstate', product: 'auto', planTypes: ['Auto'], partnerPrefix: 'Allstate' },
  { name: 'Mutual of Omaha', product: 'life', planTypes: ['Final Expense'], partnerPrefix: 'Mutual of Omaha' },
  {
    name: 'Lincoln Heritage',
    product: 'life',
    planTypes: ['Final Expense'],
    partnerPrefix: 'Lincoln Heritage',
  },
];

/** The carriers a visitor of this brand and product may hear about (empty when the data names none). */
export function carriersFor(brand: Pick<Brand, 'consent'>, product: Product): readonly Carrier[] {
  return CARRIERS.filter((carrier) => {
    if (carrier.product !== product) return false;
    if (!carrier.partnerPrefix) return true;
    const prefix = carrier.partnerPrefix;
    return brand.consent.partners.some((partner) => partner.name.startsWith(prefix));
  });
}

/** The carrier a review page is about. */
export function carrierOfReview(routeName: string): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.review === routeName);
}
