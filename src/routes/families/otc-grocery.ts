/**
 * Over-the-counter, grocery and flexible-allowance pages. These benefits exist only in some
 * Medicare Advantage and Special Needs Plans, with amounts set per plan, so the copy says
 * "some plans" and "if you qualify" and never names an amount.
 */
import { esAllowance, esGrocery, esOtc } from './copy-es';
import { family, type PageCopy } from './family';

const otc: PageCopy = {
  title: 'Over-the-counter allowance',
  description:
    'Some Medicare Advantage plans include an allowance for over-the-counter health items. See if plans with this benefit are offered in your area.',
  headline: 'Your Medicare plan could include money for pharmacy items',
  subheadline: 'Vitamins, pain relievers, first-aid supplies and more, paid with a benefit card.',
  body: [
    'Many Medicare Advantage plans give members a monthly or quarterly over-the-counter (OTC) allowance for approved items such as cold medicine, vitamins, bandages and dental care products, used at participating stores or by mail order.',
    'The amount, how often it is loaded and what it covers differ from plan to plan, and unused balances often do not roll over. A licensed agent can tell you which plans in your ZIP code include it.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Not everyone qualifies.',
  ],
};

const grocery: PageCopy = {
  title: 'Grocery allowance',
  description:
    'Some plans for people with Medicare and Medicaid, or with certain chronic conditions, include help paying for healthy food.',
  headline: 'Help paying for healthy groceries, if you qualify',
  subheadline: 'Some Medicare plans load a benefit card you can use on approved foods.',
  body: [
    'A grocery or healthy-food allowance is a supplemental benefit offered by certain Medicare Advantage and Special Needs Plans. It is usually limited to members who have both Medicare and Medicaid or who live with a qualifying chronic condition.',
    'Approved items, stores and amounts are set by each plan. A licensed agent can check whether a plan with this benefit is offered in your area and whether you meet its requirements.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Not everyone qualifies.',
  ],
};

const allowance: PageCopy = {
  title: 'Flexible benefits card',
  description:
    'Some Medicare Advantage plans include a flexible benefits card for over-the-counter items, healthy food or utilities. See what plans near you offer.',
  headline: 'One benefit card for everyday health costs',
  subheadline: 'Some plans load an allowance each month or quarter for approved purchases.',
  body: [
    'Flexible benefit cards from some Medicare Advantage plans can be used for over-the-counter items and, for members who qualify, healthy food, utilities or transportation.',
    'What the card covers and how much it holds depend on the plan and on your eligibility. A licensed agent can explain the details of the plans in your ZIP code before you decide.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Benefits vary by plan and location.',
  ],
};

const otcTags = ['otc'];

export const otcGroceryPages = [
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: otc,
    copyEs: esOtc,
    benefits: otcTags,
    planTypes: ['Medicare Advantage'],
    variants: [
      { name: 'otc-savings', headline: 'Save on pharmacy items with an OTC allowance' },
      'otc-allowance',
      { name: 'otc-allowance-now', headline: 'Check now for plans with an over-the-counter allowance' },
      'otc-allowance-preview',
      { name: 'my-otc-benefits', headline: 'Do you know your OTC benefits?' },
      { name: 'my-otc-benefits-2', headline: 'Make sure you are not missing an over-the-counter benefit' },
      { name: 'my-otc-benefits-g3r', headline: 'See if a plan near you includes an OTC card' },
      { name: 'click-4-otc-r2', headline: 'Tap to check plans with an over-the-counter allowance' },
      {
        name: 'quiz-otc',
        template: 'quiz',
        form: 'quiz-otc',
        headline: 'Take the quiz: could your plan include an OTC allowance?',
      },
      { name: 'additional-benefits-otc', headline: 'Additional benefits: an allowance for over-the-counter items' },
      'additional-benefits-otc-es',
      { name: 'additional-benefits-otc-2024', headline: 'Plans this year with an over-the-counter allowance' },
      { name: 'additional-benefits-otc-g5k', headline: 'Over-the-counter benefits you may qualify for' },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: allowance,
    copyEs: esAllowance,
    benefits: ['otc', 'grocery', 'utilities'],
    planTypes: ['Medicare Advantage', 'D-SNP'],
    variants: [
      'benefits-otc-flex',
      {
        name: 'benefits-otc-flex-quiz',
        template: 'quiz',
        form: 'quiz-otc',
        headline: 'Quick quiz: could a flexible benefits card fit you?',
      },
      'additional-benefits-allowance',
      'additional-benefits-allowance-es',
      { name: 'additional-benefits-allowance-2024', headline: 'Benefit card plans available this year' },
      { name: 'additional-benefits-allowance-g5k', headline: 'See if a plan with a benefits card is offered near you' },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: grocery,
    copyEs: esGrocery,
    benefits: ['grocery', 'otc'],
    planTypes: ['D-SNP', 'C-SNP', 'Medicare Advantage'],
    variants: [
      'grocery',
      'grocery-preview',
      { name: 'grocery-allowance-r2', headline: 'A grocery allowance may be available with some Medicare plans' },
      { name: 'grocery-allowance-now', headline: 'Check now for plans with a healthy-food benefit' },
      {
        name: 'grocery-allowance-r2-quiz',
        template: 'quiz',
        form: 'quiz-grocery',
        headline: 'Take the quiz: could you qualify for a grocery allowance?',
      },
      { name: 'additional-benefits-grocery', headline: 'Additional benefits: help with healthy groceries' },
      'additional-benefits-grocery-es',
      { name: 'additional-benefits-grocery-2024', headline: 'Plans this year with a healthy-food allowance' },
      { name: 'additional-benefits-grocery-g5k', headline: 'See if you may qualify for a grocery benefit' },
    ],
  }),
];
