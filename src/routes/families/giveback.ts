/**
 * Part B premium reduction ("giveback", "buyback") pages. The benefit exists only in some
 * Medicare Advantage plans in some counties, and does not help people whose Part B premium a
 * state already pays; the copy says so.
 */
import { esGiveback } from './copy-es';
import { family, type PageCopy } from './family';

const giveback: PageCopy = {
  title: 'Part B premium reduction',
  description:
    'Some Medicare Advantage plans pay part of your Part B premium, which can raise your Social Security check. See if such plans are offered in your county.',
  headline: 'Some Medicare plans pay part of your Part B premium',
  subheadline: 'That could mean more money in your Social Security check each month.',
  body: [
    'A Part B premium reduction, sometimes called a "giveback", is a benefit in some Medicare Advantage plans: the plan pays part of the premium you owe Medicare for Part B. For most people that amount shows up as a larger Social Security payment.',
    'Plans with this benefit are offered only in some counties, the amount differs by plan, and they may have smaller networks or other trade-offs. If Medicaid or a Medicare Savings Program already pays your Part B premium, a giveback plan will not add to your check.',
    'A licensed agent can check whether a plan with a premium reduction is offered where you live and compare it with your current coverage. We are not connected with or endorsed by the U.S. government or the federal Medicare program.',
  ],
};

const listing: PageCopy = {
  ...giveback,
  title: 'Plans with a Part B premium reduction',
  headline: 'Compare plans that may reduce your Part B premium',
  subheadline: 'Plans with a premium reduction benefit, where offered, side by side.',
};

export const givebackPages = [
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: giveback,
    copyEs: esGiveback,
    benefits: ['giveback'],
    planTypes: ['Medicare Advantage'],
    variants: [
      { name: 'buyback-ad', headline: 'Could a Medicare plan give back part of your Part B premium?' },
      { name: 'buyback-ad-2', headline: 'Check for Part B "giveback" plans in your county' },
      { name: 'partb-giveback-now', headline: 'Check now for Part B giveback plans near you' },
      { name: 'additional-benefits-buyback', headline: 'Additional benefits: a reduction in your Part B premium' },
      'additional-benefits-buyback-es',
      { name: 'additional-benefits-buyback-2024', headline: 'Part B premium reduction plans offered this year' },
      {
        name: 'additional-benefits-buyback-g5k',
        headline: 'See if a Part B premium reduction plan is offered near you',
      },
      { name: 'medicare-premium-reduction-simple-2096', headline: 'Medicare premium reduction: how it works' },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'listing',
    copy: listing,
    benefits: ['giveback'],
    planTypes: ['Medicare Advantage'],
    variants: [
      'medicare-premium-reduction-listing-r2',
      {
        name: 'medicare-premium-reduction-listing-2096-card',
        subheadline: 'Each card shows one plan type and what to ask about it.',
      },
    ],
  }),
];
