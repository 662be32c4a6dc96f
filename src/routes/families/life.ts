/**
 * Life and final expense insurance pages. Final expense policies are small whole-life policies;
 * some are guaranteed issue with a waiting period, which the copy states.
 */
import { family, type PageCopy } from './family';

const finalExpense: PageCopy = {
  title: 'Final expense insurance',
  description:
    'Final expense insurance is a small whole life policy that can help your family pay for a funeral and final bills. Compare options with a licensed agent.',
  headline: 'Help your family with final expenses',
  subheadline: 'Small whole life policies for people age 50 to 85, with fixed premiums.',
  body: [
    'Final expense insurance is whole life coverage with a modest benefit, meant to help loved ones pay for a funeral, medical bills or other final costs. Premiums stay the same for life, and coverage does not expire as long as premiums are paid.',
    'Many policies ask a few health questions instead of a medical exam. Guaranteed-issue policies accept everyone in the age range but usually pay only a return of premiums if death occurs in the first two years.',
    'A licensed agent can compare policies and prices for your age and health. Coverage amounts, rates and availability vary by insurer and state.',
  ],
};

const life: PageCopy = {
  title: 'Life insurance quotes',
  description: 'Compare term and whole life insurance quotes with help from a licensed agent.',
  headline: 'Protect the people who count on you',
  subheadline: 'Compare term and whole life insurance with a licensed agent.',
  body: [
    'Term life insurance covers a set number of years at a lower price; whole life lasts your lifetime and builds cash value. The right choice depends on your budget and what you want the policy to pay for.',
    'Rates depend on your age, health and the amount of coverage. A licensed agent can compare insurers for you at no cost, with no obligation to buy.',
  ],
};

export const lifePages = [
  ...family({
    product: 'life',
    template: 'advertorial',
    copy: life,
    benefits: [],
    planTypes: ['Term Life', 'Whole Life'],
    variants: ['get-life-now'],
  }),
  ...family({
    product: 'life',
    template: 'advertorial',
    copy: finalExpense,
    benefits: [],
    planTypes: ['Final Expense', 'Whole Life'],
    // Its own form: the ages the copy names (50 to 85) are the ages its date of birth takes.
    form: 'final-expense',
    variants: [
      'fe-1421',
      { name: 'fe-2650', headline: 'Final expense coverage that will not increase with age' },
      { name: 'fe-2650c', headline: 'Final expense coverage with no medical exam on many policies' },
      { name: 'fe-6993', headline: 'Age 50 to 85? Compare final expense policies' },
      { name: 'fe-6994', headline: 'Leave your family a plan, not a bill' },
      { name: 'fe-9988', headline: 'Compare burial and final expense insurance' },
    ],
  }),
];
