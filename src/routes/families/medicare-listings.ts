/**
 * Medicare comparison and list pages ('listing' template): carriers, plans by location,
 * the benefit catalogue, plan search and the shop-4 plan-type pages.
 */
import { family, type PageCopy } from './family';

const carriers: PageCopy = {
  title: 'Medicare insurance carriers',
  description:
    'The private insurance companies that offer Medicare Advantage, Part D and Medicare Supplement plans, and how to compare them.',
  headline: 'Medicare carriers, side by side',
  subheadline: 'Which companies offer plans in your area, and what to compare between them.',
  body: [
    'Medicare Advantage and Part D plans are sold by private insurers approved by Medicare, such as Aetna, Humana, UnitedHealthcare, Wellcare and regional Blue Cross Blue Shield companies. Which ones you can choose from depends on your county.',
    "Compare carriers on what matters to you: whether your doctors are in network, how your prescriptions are covered, the maximum out-of-pocket limit and the extra benefits. Medicare's star ratings, published each October, are another useful measure.",
    'A licensed agent can compare the carriers offering plans in your ZIP code at no cost.',
  ],
};

const searchPlans: PageCopy = {
  title: 'Search Medicare plans',
  description:
    'Search Medicare Advantage plans offered in your ZIP code and compare premiums, out-of-pocket limits and extra benefits.',
  headline: 'Search Medicare plans available in your ZIP code',
  subheadline: 'Compare premiums, out-of-pocket limits and extra benefits in one list.',
  body: [
    'Enter your ZIP code to see the kinds of plans offered where you live. Premiums, copays and networks vary by county, so results are specific to your area.',
    'When comparing plans, look beyond the monthly premium: check the maximum out-of-pocket limit, your drug costs and whether your doctors are in the network.',
    'A licensed agent can help you narrow the list and answer questions before you enroll.',
  ],
};

const faqBody = [
  '## Can I change my Medicare plan at any time?',
  'Usually you can change plans during the Annual Enrollment Period (October 15 to December 7) or, if you are in Medicare Advantage, during the Open Enrollment Period (January 1 to March 31). Some life events, such as moving or losing other coverage, open a Special Enrollment Period.',
  '## Does a $0 premium plan cost nothing?',
  'No. You still pay your Part B premium, and the plan has copays, coinsurance and a yearly out-of-pocket limit.',
  '## Will I lose my doctor?',
  "It depends on the plan's network. Ask the agent to check each doctor before you enroll.",
];

const shopMaOtc: PageCopy = {
  title: 'Shop Medicare Advantage plans with an OTC allowance',
  description:
    'Compare Medicare Advantage plans that include an over-the-counter allowance, where offered in your area.',
  headline: 'Shop Medicare Advantage plans with an over-the-counter allowance',
  subheadline: 'Plans with an OTC benefit, compared by premium, allowance and network.',
  body: [
    'Some Medicare Advantage plans include an allowance for approved over-the-counter items. The amount, how often it renews and where you can use it vary by plan.',
    'Compare the allowance together with the rest of the plan: premium, out-of-pocket limit, drug coverage and network. A licensed agent can check which of these plans are offered in your ZIP code.',
  ],
};

const shopDsnp: PageCopy = {
  title: 'Shop Dual Special Needs Plans',
  description:
    'Dual Special Needs Plans (D-SNPs) are for people who have both Medicare and Medicaid. Compare plans and their flexible or OTC benefits.',
  headline: 'Have Medicare and Medicaid? Shop Dual Special Needs Plans',
  subheadline: 'D-SNPs coordinate both programs and often include extra everyday benefits.',
  body: [
    'Dual Special Needs Plans (D-SNPs) are Medicare Advantage plans for people who qualify for both Medicare and Medicaid. They coordinate the two programs and often have low or no copays for covered services.',
    'Many D-SNPs add benefits such as an over-the-counter allowance or a flexible card for healthy food and utilities, with amounts set by each plan. A licensed agent can confirm your eligibility and the plans offered in your county.',
  ],
};

const catalog: PageCopy = {
  title: 'Senior benefit catalog',
  description:
    'A catalog of benefits that Medicare Advantage and Special Needs Plans may include: dental, vision, hearing, OTC, groceries, transportation and fitness.',
  headline: 'A catalog of benefits Medicare plans may include',
  subheadline: 'What each benefit is, who usually qualifies, and how to check for it.',
  body: [
    'Beyond hospital and doctor coverage, many Medicare Advantage plans include supplemental benefits: dental, vision and hearing care, an over-the-counter allowance, fitness memberships and rides to medical appointments.',
    'Some benefits, such as grocery or utility allowances, are usually limited to Special Needs Plans and to members with Medicaid or a qualifying chronic condition.',
    'Availability, amounts and rules vary by plan and county. A licensed agent can tell you which of these benefits plans near you include.',
  ],
};

const location: PageCopy = {
  title: 'Medicare plans in your area',
  description:
    'See which kinds of Medicare plans are offered in your county, from Medicare Advantage to Part D and Medicare Supplement.',
  headline: 'Medicare plans offered where you live',
  subheadline: 'Plan choices differ by county. Start with your ZIP code.',
  body: [
    'The Medicare plans you can join depend on your county of residence. A plan offered in one county may not be available in the next.',
    'Enter your ZIP code and a licensed agent can review the plans offered in your area with you.',
  ],
};

const listingTags = ['dental', 'vision', 'otc'];

export const medicareListingPages = [
  ...family({
    product: 'medicare',
    template: 'listing',
    copy: carriers,
    benefits: listingTags,
    planTypes: ['Medicare Advantage', 'Part D', 'Medicare Supplement'],
    variants: [
      { name: 'carriers', indexable: true },
      { name: 'location-plans', copy: location },
      {
        name: 'senior-benefit-catalog',
        copy: catalog,
        indexable: true,
        benefits: ['dental', 'vision', 'hearing', 'otc', 'grocery', 'transportation', 'fitness'],
        planTypes: ['Medicare Advantage', 'D-SNP', 'C-SNP'],
      },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'listing',
    copy: searchPlans,
    benefits: listingTags,
    planTypes: ['Medicare Advantage', 'Part D'],
    variants: [
      'search-plans-h3d',
      { name: 'search-plans-kqz', headline: 'Find and compare Medicare plans near you' },
      {
        name: 'search-plans-kqz-faq',
        title: 'Medicare plan search and common questions',
        body: [...searchPlans.body.slice(0, 2), ...faqBody],
      },
      {
        name: 'search-plans-quiz',
        template: 'quiz',
        form: 'quiz-medicare',
        headline: 'Answer a few questions to narrow your Medicare plan search',
      },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'listing',
    copy: shopMaOtc,
    benefits: ['otc'],
    planTypes: ['Medicare Advantage'],
    variants: [
      'shop-4-ma-otc',
      'shop-4-ma-otc-r2',
      { name: 'shop-4-ma-otc-2024', headline: "Shop this year's Medicare Advantage plans with an OTC allowance" },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'listing',
    copy: shopDsnp,
    planTypes: ['D-SNP'],
    benefits: ['otc', 'grocery', 'utilities'],
    variants: [
      { name: 'shop-4-dsnp-flx', headline: 'Shop D-SNPs with a flexible benefits card' },
      { name: 'shop-4-dsnp-flx-r2', headline: 'Medicare and Medicaid? Compare D-SNPs with a flex card' },
      { name: 'shop-4-dsnp-flx-2024', headline: "This year's D-SNPs with a flexible benefits card" },
      { name: 'shop-4-dsnp-otc', headline: 'Shop D-SNPs with an over-the-counter allowance', benefits: ['otc'] },
      {
        name: 'shop-4-dsnp-otc-r2',
        headline: 'Medicare and Medicaid? Compare D-SNPs with an OTC allowance',
        benefits: ['otc'],
      },
      {
        name: 'shop-4-dsnp-otc-2024',
        headline: "This year's D-SNPs with an over-the-counter allowance",
        benefits: ['otc'],
      },
    ],
  }),
];
