/**
 * Auto insurance landing pages: savings, cheap-auto campaigns, rising premiums, SR-22 and
 * coverage lapses. Quotes depend on the driver, so the copy promises a comparison, never a price.
 */
import { family, type PageCopy } from './family';

const disclosure =
  "We are a free comparison service, not an insurer. Quotes, discounts and savings depend on your driving record, vehicle, location, coverage and the insurer's underwriting.";

const save: PageCopy = {
  title: 'Compare car insurance quotes',
  description:
    'Answer a few questions about your car and driving, and compare auto insurance quotes from insurers that cover your area.',
  headline: 'Drivers who compare quotes often find a lower rate',
  subheadline: 'A few questions about you and your car, then compare quotes from multiple insurers.',
  body: [
    'Insurers weigh the same driver differently, so prices for identical coverage can vary widely. If you have not shopped your policy in a year or more, comparing is the quickest way to see whether you are paying more than you need to.',
    'Tell us about your vehicle, your driving history and the coverage you want. We match you with insurers and agents that write policies in your state.',
    disclosure,
  ],
};

const cheap: PageCopy = {
  title: 'Cheap car insurance quotes',
  description:
    'Looking for cheaper car insurance? Compare quotes and ask about discounts for safe driving, bundling, low mileage and more.',
  headline: 'Looking for cheaper car insurance?',
  subheadline: 'Compare quotes and ask about the discounts you may qualify for.',
  body: [
    'The cheapest policy for you depends on your state, your car and your record. Common discounts include safe-driver, multi-car, bundling home and auto, paying in full, good student and low annual mileage.',
    "Make sure a cheaper quote still meets your state's minimum liability limits and protects what you own. Raising a deductible lowers the premium but raises what you pay after a claim.",
    disclosure,
  ],
};

const skyrockets: PageCopy = {
  title: 'Why car insurance rates are rising',
  description:
    'Car insurance premiums have risen sharply with repair costs and claims. Here is what drives your rate and how comparing quotes can help.',
  headline: 'Car insurance went up again? You are not alone',
  subheadline: 'Repair costs and claims have pushed premiums up nationwide. Comparing can still help.',
  body: [
    'Higher prices for parts and repairs, more expensive vehicles and more claims have led many insurers to raise rates, even for drivers with clean records.',
    'Not every insurer raises rates by the same amount, which is why shopping around at renewal matters. Reviewing your coverage and deductibles can also lower your bill.',
    disclosure,
  ],
};

const sr22: PageCopy = {
  title: 'Car insurance with an SR-22',
  description: 'Need an SR-22 filing? Compare insurers that file SR-22 certificates in your state.',
  headline: 'Need an SR-22? Find insurers that will file it for you',
  subheadline: 'Compare quotes from insurers that handle SR-22 filings in your state.',
  body: [
    'An SR-22 is a certificate an insurer files with your state to show you carry the required liability coverage, often after a DUI, driving uninsured or too many violations. Not every insurer offers it.',
    'Rates with an SR-22 are usually higher, but they still vary between insurers. Comparing quotes helps you find a company that will file it and a price that fits. How long you need it depends on your state.',
    disclosure,
  ],
};

const lapse: PageCopy = {
  title: 'Before you drop your car insurance',
  description:
    'Thinking of dropping car insurance to save money? A lapse can raise future rates. Compare lower-cost quotes first.',
  headline: 'Thinking about dropping your car insurance? Compare first',
  subheadline: 'A gap in coverage can cost more later. A cheaper policy may be available now.',
  body: [
    'Driving without insurance is illegal in almost every state and can lead to fines, a suspended license and an SR-22 requirement. A gap in coverage also tends to raise the rates insurers quote you later.',
    'If cost is the problem, compare quotes, ask about discounts and review your coverage; a different insurer or a higher deductible may bring the price down.',
    disclosure,
  ],
};

const autoTags = ['discounts', 'bundling'];

export const autoLandingPages = [
  ...family({
    product: 'auto',
    template: 'advertorial',
    copy: save,
    benefits: autoTags,
    planTypes: ['Auto'],
    variants: [
      { name: 'call-auto', headline: 'Call to compare car insurance quotes with a licensed agent' },
      { name: 'save-auto', headline: 'See if you could save on car insurance' },
      { name: 'secret-auto', headline: 'The simple habit of drivers who pay less: they compare' },
      { name: 'search-4-auto', headline: 'Search car insurance quotes in your area' },
      {
        name: 'get-your-auto-age',
        title: 'Car insurance rates by age',
        headline: 'Over 50? See what insurers quote drivers like you',
      },
      { name: 'get-your-auto-cx4', headline: 'Get your auto quotes in a few minutes' },
      { name: 'get-your-auto-n2i', headline: 'Get car insurance quotes from insurers near you' },
      { name: 'get-your-auto-q0z', headline: 'Get your free car insurance comparison' },
      { name: 'get-your-auto-z8r', headline: 'Get quotes before your policy renews' },
      {
        name: 'get-your-auto-state',
        title: 'Car insurance rates in your state',
        headline: 'See what drivers in your state could pay for car insurance',
      },
      {
        name: 'quiz-auto-e7b',
        template: 'quiz',
        form: 'quiz-auto',
        headline: 'Quick quiz: are you overpaying for car insurance?',
      },
    ],
  }),
  ...family({
    product: 'auto',
    template: 'advertorial',
    copy: cheap,
    benefits: autoTags,
    planTypes: ['Auto'],
    variants: [
      'cheap-auto-m3d',
      { name: 'cheap-auto-m4c', headline: "Cheap car insurance that still meets your state's requirements" },
      { name: 'cheap-auto-o2x', headline: 'Find a cheaper auto policy in minutes' },
      { name: 'cheaper-quotes-z3d', headline: 'Get cheaper quotes by comparing insurers' },
      {
        name: 'cheapest-car-insurance',
        title: 'Cheapest car insurance',
        headline: 'Who has the cheapest car insurance for you?',
      },
    ],
  }),
  ...family({
    product: 'auto',
    template: 'advertorial',
    benefits: autoTags,
    planTypes: ['Auto'],
    variants: [
      { name: 'auto-insurance-skyrockets', copy: skyrockets },
      { name: 'get-your-auto-r2d', copy: sr22, benefits: ['sr22'] },
      { name: 'dropping-insurance', copy: lapse },
    ],
  }),
];
