/**
 * Auto insurance comparison pages ('listing' template): compare-* pages and insurer lists.
 * The lists describe how to compare insurers; they make no claim about who is cheapest.
 */
import { family, type PageCopy } from './family';

const compare: PageCopy = {
  title: 'Compare auto insurance rates',
  description:
    'Compare car insurance rates from several insurers side by side: coverage, deductibles, discounts and price.',
  headline: 'Compare auto insurance rates side by side',
  subheadline: 'The same coverage can cost very different amounts at different insurers.',
  body: [
    'To compare fairly, quote the same liability limits, deductibles and optional coverages at each insurer. Then look at price together with claims service and the discounts each one offers.',
    'Answer a few questions and we match you with insurers and agents in your state. Quotes depend on your driving record, vehicle, location and coverage.',
  ],
};

const insurers: PageCopy = {
  title: 'Auto insurers compared',
  description:
    'How to compare car insurance companies: coverage options, discounts, claims service, financial strength and price.',
  headline: 'Top auto insurers, and how to compare them',
  subheadline: 'Price matters, and so do claims service, discounts and coverage options.',
  body: [
    'National insurers such as State Farm, GEICO, Progressive and Allstate write most policies in the country, alongside strong regional companies. Which is best depends on your state, driving record and vehicle.',
    "Check each insurer's complaint record with your state insurance department, its financial strength rating and the discounts you qualify for, then compare quotes for the same coverage.",
    "We are a free comparison service, not an insurer. Quotes depend on the insurer's underwriting.",
  ],
};

export const autoListingPages = [
  ...family({
    product: 'auto',
    template: 'listing',
    copy: compare,
    benefits: ['discounts'],
    planTypes: ['Auto'],
    variants: [
      'compare-auto',
      { name: 'compare-auto-new', headline: 'Bought a new car? Compare insurance before you drive off' },
      { name: 'compare-save', headline: 'Compare auto quotes and see what you could save' },
      { name: 'compare-now-n2g', headline: 'Compare car insurance quotes now' },
      { name: 'compare-rates-m6b', headline: 'Compare car insurance rates from multiple insurers' },
      { name: 'compare-rates-m7d', headline: 'Rates went up at renewal? Compare before you pay' },
      { name: 'compare-rates-n2i', headline: 'Compare rates for the coverage you actually need' },
      {
        name: 'compare-state-rates-m6b',
        title: 'Car insurance rates by state',
        headline: 'Compare car insurance rates in your state',
      },
    ],
  }),
  ...family({
    product: 'auto',
    template: 'listing',
    copy: insurers,
    indexable: true,
    benefits: ['discounts'],
    planTypes: ['Auto'],
    variants: [
      'auto-insurers',
      {
        name: 'explore-top-rated-insurers',
        title: 'Top-rated auto insurers',
        headline: 'Explore top-rated auto insurers',
      },
    ],
  }),
];
