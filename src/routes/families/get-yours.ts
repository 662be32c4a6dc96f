/**
 * The get-yours-* campaign pages: eleven English variants in five themes, each with a Spanish
 * twin (-es). Visitors who close the exit dialog see it again only after a week.
 */
import { esCsnp, esDental, esGeneral, esOtc, esSocialSecurity } from './copy-es';
import { family, type PageCopy, type Variant } from './family';

const cta =
  'Call or answer a few questions, and a licensed insurance agent will check which plans are offered in your ZIP code. There is no cost and no obligation to enroll.';
const notGov =
  'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Plans and benefits vary by location; not everyone qualifies.';

interface Theme {
  en: PageCopy;
  es: PageCopy;
  benefits: readonly string[];
  planTypes: readonly string[];
  /** [suffix, English headline]; the Spanish twin keeps the theme's Spanish headline. */
  variants: readonly (readonly [string, string | undefined])[];
}

const themes: readonly Theme[] = [
  {
    en: {
      title: 'Get the Medicare benefits you may qualify for',
      description:
        'Many Medicare Advantage plans include dental, vision, hearing and over-the-counter benefits. See what plans near you offer.',
      headline: 'Get the Medicare benefits you may be missing',
      subheadline: 'Dental, vision, hearing and OTC benefits are included in many plans.',
      body: [
        'Many people on Medicare stay in the same coverage for years without checking whether a plan with more benefits is available to them. Plans change every year, and so do the extras they include.',
        cta,
        notGov,
      ],
    },
    es: esGeneral,
    benefits: ['dental', 'vision', 'hearing', 'otc'],
    planTypes: ['Medicare Advantage'],
    variants: [
      ['k9b', undefined],
      ['x4c', 'Check which Medicare benefits are offered in your ZIP code'],
      ['x4d', 'Dental, vision and hearing: see if a plan near you covers them'],
      ['x4z', 'Your Medicare plan may not include everything you could have'],
      ['x5g', 'See the extra benefits Medicare Advantage plans near you include'],
    ],
  },
  {
    en: {
      title: 'Get an over-the-counter allowance',
      description:
        'Some Medicare Advantage plans include an allowance for over-the-counter health items. See if plans with this benefit are offered near you.',
      headline: 'Get an allowance for over-the-counter items, if you qualify',
      subheadline: 'Some plans load a card each quarter for vitamins, first aid and pharmacy items.',
      body: [
        'An over-the-counter allowance lets members of some Medicare Advantage plans buy approved health items at participating stores or by mail. The amount and the list of items depend on the plan.',
        cta,
        notGov,
      ],
    },
    es: esOtc,
    benefits: ['otc'],
    planTypes: ['Medicare Advantage'],
    variants: [['otc', undefined]],
  },
  {
    en: {
      title: 'Medicare and your Social Security check',
      description:
        'Some Medicare Advantage plans pay part of your Part B premium, which can leave more in your Social Security check. See if one is offered in your county.',
      headline: 'Get more from your Social Security check with the right Medicare plan',
      subheadline: 'Some plans pay part of your Part B premium; amounts vary by plan and county.',
      body: [
        'Most people have their Part B premium taken out of their Social Security payment. Some Medicare Advantage plans pay part of that premium, which raises the payment. If Medicaid or a Medicare Savings Program already pays your Part B premium, these plans will not add to it.',
        cta,
        notGov,
      ],
    },
    es: esSocialSecurity,
    benefits: ['giveback'],
    planTypes: ['Medicare Advantage'],
    variants: [
      ['ss1', undefined],
      ['ss1-m', 'On Social Security? See if a plan could pay part of your Part B premium'],
    ],
  },
  {
    en: {
      title: 'Plans for people with chronic conditions',
      description:
        'Chronic Condition Special Needs Plans are Medicare Advantage plans for people with diabetes, heart disease, COPD and other conditions.',
      headline: 'Get coverage designed around your chronic condition',
      subheadline: 'Special Needs Plans coordinate care for diabetes, heart conditions, COPD and more.',
      body: [
        'Chronic Condition Special Needs Plans (C-SNPs) focus on the care you need for a qualifying condition, often with a care coordinator and condition-specific drug coverage. Some also include an allowance for healthy food. Your doctor must confirm the condition to enroll.',
        cta,
        notGov,
      ],
    },
    es: esCsnp,
    benefits: ['care-coordination', 'grocery', 'otc'],
    planTypes: ['C-SNP'],
    variants: [['csnp', undefined]],
  },
  {
    en: {
      title: 'Get dental coverage with Medicare',
      description:
        'Original Medicare does not cover most dental care. Many Medicare Advantage plans do. See plans with dental benefits in your area.',
      headline: 'Get dental coverage Original Medicare does not include',
      subheadline: 'Cleanings and X-rays, and in some plans fillings, crowns and dentures.',
      body: [
        'Many Medicare Advantage plans include dental benefits up to a yearly limit, from preventive care to, in some plans, major services. Networks and limits vary, so check that your dentist participates.',
        cta,
        notGov,
      ],
    },
    es: esDental,
    benefits: ['dental'],
    planTypes: ['Medicare Advantage'],
    variants: [
      ['dental', undefined],
      ['dental-h5e', 'Need dentures or a crown? See if a plan near you helps pay'],
    ],
  },
];

export const getYoursPages = themes.flatMap((theme) =>
  family({
    product: 'medicare',
    template: 'advertorial',
    copy: theme.en,
    copyEs: theme.es,
    benefits: theme.benefits,
    planTypes: theme.planTypes,
    exitIntentOptions: { repeatAfterDays: 7 },
    variants: theme.variants.flatMap(([suffix, headline]): Variant[] => [
      headline ? { name: `get-yours-${suffix}`, headline } : `get-yours-${suffix}`,
      `get-yours-${suffix}-es`,
    ]),
  }),
);
