/**
 * Special Needs Plan pages (C-SNP for chronic conditions). Enrollment requires a qualifying
 * condition confirmed by a doctor, so the copy names that requirement up front.
 */
import { family, type PageCopy } from './family';

const csnp: PageCopy = {
  title: 'Chronic condition plans with an allowance',
  description:
    'Chronic Condition Special Needs Plans serve people with diabetes, heart failure, COPD and other conditions; some include an allowance for food and everyday items.',
  headline: 'Living with a chronic condition? A Special Needs Plan may offer more support',
  subheadline: 'Some C-SNPs include care coordination and an allowance for healthy food or everyday items.',
  body: [
    'Chronic Condition Special Needs Plans (C-SNPs) are Medicare Advantage plans for people with specific conditions such as diabetes, chronic heart failure, cardiovascular disorders or chronic lung disease. They are designed around that care, often with a care coordinator and drug coverage suited to the condition.',
    'Some C-SNPs also offer a benefit card for healthy food, over-the-counter items or utilities. To join, your doctor must confirm the qualifying condition, and the plan must be offered in your county.',
    'A licensed agent can check both for you at no cost. We are not connected with or endorsed by the U.S. government or the federal Medicare program.',
  ],
};

export const snpPages = family({
  product: 'medicare',
  template: 'advertorial',
  copy: csnp,
  benefits: ['care-coordination', 'grocery', 'otc'],
  planTypes: ['C-SNP'],
  variants: [
    'csnp-allowance',
    { name: 'csnp-allowance-now', headline: 'Check now for chronic condition plans with an allowance' },
    { name: 'benefits-csnp-allowance', headline: 'Benefits built for people living with chronic conditions' },
  ],
});
