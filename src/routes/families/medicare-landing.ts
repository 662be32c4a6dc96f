/**
 * General Medicare landing pages: extra benefits of Medicare Advantage, the go-4 campaign
 * pages (with Spanish versions), plan disruptions, and the one educational page.
 */
import { esGeneral, esHealth, esLife, esSocialSecurity } from './copy-es';
import { family, type PageCopy } from './family';

const extraBenefits: PageCopy = {
  title: 'Medicare benefits you may be missing',
  description:
    'Many Medicare Advantage plans include dental, vision, hearing and over-the-counter benefits. See what is offered in your ZIP code.',
  headline: 'You may qualify for more Medicare benefits than you have now',
  subheadline: 'Dental, vision, hearing and everyday-item allowances are included in many plans.',
  body: [
    'Original Medicare covers hospital and doctor visits, but not routine dental, vision or hearing care. Many Medicare Advantage plans add those benefits, often with a $0 or low monthly premium.',
    'Which plans you can join depends on where you live. A licensed insurance agent can compare the plans in your ZIP code, check your doctors and prescriptions, and explain the costs.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Not everyone qualifies, and benefits vary by plan.',
  ],
};

const go4: PageCopy = {
  title: 'Find a Medicare plan that fits',
  description:
    'Compare Medicare Advantage plans in your area with help from a licensed agent: doctors, prescriptions, extra benefits and costs.',
  headline: 'Medicare coverage that fits the way you live',
  subheadline: 'Compare plans available in your ZIP code with a licensed agent.',
  body: [
    'Each year you can review your Medicare coverage. A different plan might cover your prescriptions better, include your doctors, or add benefits such as dental and vision.',
    'A licensed agent compares the plans available where you live, explains the trade-offs and lets you decide in your own time. There is no cost for the call.',
    'Plans and benefits vary by location. Not every plan is available in every area.',
  ],
};

const disruptions: PageCopy = {
  title: 'Changes to your Medicare plan',
  description:
    'If your Medicare Advantage plan is leaving your area or changing its network, you may have a Special Enrollment Period to choose a new plan.',
  headline: 'Is your Medicare plan changing or leaving your area?',
  subheadline: 'You may be able to switch plans outside the usual enrollment dates.',
  body: [
    'Every fall, plans send an Annual Notice of Change. If your plan is ending, leaving your county or dropping your doctors, read it carefully: you may have a Special Enrollment Period to pick a new plan.',
    'If you do nothing when a plan ends, you are usually returned to Original Medicare and could lose drug coverage. A licensed agent can check which plans are still available in your ZIP code.',
    'Enrollment rules depend on your situation. An agent can tell you which enrollment period applies to you.',
  ],
};

const medicareGuide: PageCopy = {
  title: 'Medicare explained',
  description:
    'A plain-language guide to Medicare Parts A, B, C and D, Medicare Supplement insurance and when you can enroll.',
  headline: 'Medicare, explained in plain language',
  subheadline: 'Parts A, B, C and D, supplements, and when you can make changes.',
  body: [
    'Part A covers hospital stays and Part B covers doctor visits and outpatient care; together they are Original Medicare. Part D is prescription drug coverage from private plans. Part C, Medicare Advantage, is an alternative way to get your Part A and B benefits through a private plan, usually with drug coverage and extra benefits included.',
    'Medicare Supplement (Medigap) policies help pay the costs Original Medicare leaves to you, such as deductibles and coinsurance. They work only with Original Medicare, not with Medicare Advantage.',
    'You can first enroll around your 65th birthday. After that, the Annual Enrollment Period runs from October 15 to December 7, and the Medicare Advantage Open Enrollment Period from January 1 to March 31. Certain life events open a Special Enrollment Period.',
  ],
};

const news: PageCopy = {
  title: 'Medicare plan news',
  description: 'What is changing in Medicare plans this year, and how to check whether your coverage still fits.',
  headline: 'Medicare plans change every year. Here is what to check',
  subheadline: 'Premiums, networks, drug lists and extra benefits can all change on January 1.',
  body: [
    'Plans can change their premiums, copays, provider networks and drug lists each year. The Annual Notice of Change your plan mails in September lists what is different.',
    'Extra benefits such as over-the-counter allowances or dental limits are also set year by year, so the plan that suited you last year may not be the best fit now.',
    'A licensed agent can compare your current plan with others in your area at no cost.',
  ],
};

const socialSecurity: PageCopy = {
  title: 'Medicare and your Social Security check',
  description:
    'Some Medicare Advantage plans pay part of your Part B premium, which can leave more in your Social Security check. Call a licensed agent to check.',
  headline: 'On Social Security and Medicare? Call to review your benefits',
  subheadline: 'Some plans pay part of your Part B premium; others lower out-of-pocket costs.',
  body: [
    'For most people the Part B premium is deducted from their Social Security check. Some Medicare Advantage plans pay part of that premium back, and others add benefits that lower what you spend on care.',
    'These plans are not offered everywhere and amounts vary. A licensed agent can check what is available in your county and whether it makes sense for you.',
  ],
};

const benefitsCommon = ['dental', 'vision', 'hearing', 'otc'];

export const medicareLandingPages = [
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: extraBenefits,
    copyEs: esGeneral,
    benefits: benefitsCommon,
    planTypes: ['Medicare Advantage'],
    variants: [
      // The ac-v1 pages are Advisor Compass's own landing pages, so only that brand serves them.
      { name: 'ac-v1', brands: ['ac'], campaign: 'xsmid' },
      { name: 'ac-v1-lp', brands: ['ac'], campaign: 'xsmid', headline: 'Compare Medicare plans with Advisor Compass' },
      {
        name: 'find-benefits',
        headline: 'Find the Medicare benefits available where you live',
        // Edge experiment: does a ZIP-first headline start more forms? Stop it with active: false.
        experiment: {
          id: 'find-benefits-headline',
          active: true,
          variants: [
            { id: 'control', weight: 50 },
            {
              id: 'zip-first',
              weight: 50,
              config: { headline: 'Enter your ZIP code to see the Medicare benefits near you' },
            },
          ],
        },
      },
      {
        name: 'senior-deals',
        title: 'Extra benefits for seniors on Medicare',
        headline: 'Seniors on Medicare: see which extra benefits plans near you include',
      },
      { name: 'get-offers', headline: 'See Medicare plan offers in your ZIP code' },
      { name: 'get-offers-xyq', headline: 'Check Medicare plan offers before the enrollment period ends' },
      { name: 'search-4-benefits', headline: 'Search Medicare benefits available in your area' },
      { name: 'search-med-z5d', headline: 'Search Medicare Advantage plans near you' },
      { name: 'unlock-hidden-benefits', headline: 'Benefits many people on Medicare do not know they could have' },
      {
        name: 'new-senior-benefits',
        headline: 'New to Medicare? See the benefits plans in your area offer',
        // Edge experiment in optimise mode: the revenue bandit moves new visitors to the headline
        // that earns the most per visitor; the weights rule its holdout. Stop it with active: false.
        experiment: {
          id: 'new-senior-headline',
          active: true,
          mode: 'optimise',
          variants: [
            { id: 'control', weight: 1 },
            {
              id: 'zip-first',
              weight: 1,
              config: { headline: 'New to Medicare? Enter your ZIP code to see what plans near you offer' },
            },
            {
              id: 'extra-benefits',
              weight: 1,
              config: { headline: 'New to Medicare? Check which plans near you include dental, vision and hearing' },
            },
          ],
        },
      },
      { name: 'get-benefits-a4b', headline: 'Get help comparing Medicare benefits in your area' },
      { name: 'get-benefits-b5c', headline: 'Dental, vision and hearing: check if a plan near you includes them' },
      {
        name: 'additional-health-benefits',
        headline: 'Additional health benefits may be available with Medicare Advantage',
      },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: go4,
    benefits: benefitsCommon,
    planTypes: ['Medicare Advantage', 'Part D'],
    variants: [
      {
        name: 'go-4-life',
        title: 'Medicare coverage for every stage of life',
        headline: 'Medicare coverage that keeps up with your life',
      },
      { name: 'go-4-life-es', copy: esLife },
      { name: 'go-4-health', headline: 'A health plan that fits your doctors and your budget' },
      { name: 'go-4-health-es', copy: esHealth },
      { name: 'go-4-benefits', headline: 'Go for the benefits you may qualify for' },
      { name: 'go-4-benefits-es', copy: esGeneral },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: disruptions,
    benefits: [],
    planTypes: ['Medicare Advantage', 'Part D'],
    // Someone whose plan is ending reads the whole page; offer help once they have scrolled.
    exitIntentOptions: { scrollPercentageToTrigger: 60 },
    variants: ['plan-disruptions', 'plan-disruptions-preview', { name: 'plan-data-test', title: 'Plan data check' }],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: medicareGuide,
    indexable: true,
    benefits: [],
    planTypes: ['Original Medicare', 'Medicare Advantage', 'Medicare Supplement', 'Part D'],
    variants: ['general-medicare'],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: news,
    benefits: ['otc', 'dental'],
    planTypes: ['Medicare Advantage', 'Part D'],
    variants: ['medi-plan-news-i8z'],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: socialSecurity,
    copyEs: esSocialSecurity,
    benefits: ['giveback'],
    planTypes: ['Medicare Advantage'],
    variants: ['additional-social-security-call-now'],
  }),
];
