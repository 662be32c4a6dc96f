/**
 * The fixed routes of spec section 2: the home page, the reviews section (brand ac only) with
 * its carrier pages, and the five quiz pages under /quiz/. Carrier reviews state only what a
 * visitor can verify with the carrier; they carry no invented ratings.
 */
import { ALL_BRANDS, AUTO_BRANDS, REVIEW_BRANDS, SPANISH_MEDICARE_BRANDS, family, type PageCopy } from './family';

/** The home page's registry copy; every brand shows its own words instead (src/routes/brand-language.ts). */
const home: PageCopy = {
  title: 'Compare plans and benefits',
  description:
    'Compare insurance plans available where you live and talk with a licensed agent about the coverage that fits you.',
  headline: 'Plans and benefits, explained in plain words',
  subheadline: 'Check what is available in your ZIP code in a few minutes, with no obligation.',
  body: [
    'Shopping for insurance is easier when someone walks you through the choices. We ask a few short questions, then connect you with licensed insurance agents who can compare plans offered in your area.',
    'Plans, benefits and prices vary by location and carrier, and not every plan is available everywhere. An agent can tell you what you may qualify for before you decide anything.',
    'Using this site is free. You are never required to enroll in a plan or buy a policy.',
  ],
};

const reviewsIndex: PageCopy = {
  title: 'Medicare carrier reviews',
  description:
    'Plain-language overviews of the largest Medicare Advantage and Part D carriers: plan types, where they sell and what to ask before you enroll.',
  headline: 'Medicare carrier reviews',
  subheadline: 'What each carrier offers, and the questions worth asking before you choose.',
  body: [
    'Most people with Medicare can choose among several private carriers each year. These overviews describe the plan types each carrier offers and the things to check for your own situation: your doctors, your prescriptions and your budget.',
    "Carrier offerings change every year and differ by county. Always confirm a plan's network, drug list and costs in its Evidence of Coverage before you enroll.",
  ],
};

function carrierReview(carrier: string, facts: string): PageCopy {
  return {
    title: `${carrier} Medicare plans review`,
    description: `An overview of ${carrier} Medicare Advantage and Part D plans: plan types, extra benefits and what to check before enrolling.`,
    headline: `${carrier} Medicare plans: what to know`,
    subheadline: `How ${carrier} plans work, and how to check whether one fits your doctors and prescriptions.`,
    body: [
      facts,
      "Before choosing any plan, check three things: whether your doctors and hospitals are in the network, whether your prescriptions are on the formulary and at which tier, and the plan's maximum out-of-pocket limit. Extra benefits such as dental, vision or an over-the-counter allowance vary by plan and by county.",
      "A licensed agent can compare this carrier's plans with others available in your ZIP code at no cost to you.",
    ],
  };
}

const quizCopy = (topic: string, headline: string): PageCopy => ({
  title: `${topic} quiz`,
  description: `Answer a few quick questions to see which ${topic.toLowerCase()} options may be available to you.`,
  headline,
  subheadline: 'It takes about a minute. No obligation.',
  body: [
    'Your answers help a licensed agent understand what matters to you, so the options you hear about fit your situation.',
    'Availability and benefits vary by location and plan. Not everyone will qualify.',
  ],
});

const quizMedicareEs: PageCopy = {
  title: 'Cuestionario de Medicare',
  description:
    'Responda unas preguntas rápidas para ver qué opciones de Medicare podrían estar disponibles para usted.',
  headline: 'Descubra qué plan de Medicare podría ser para usted',
  subheadline: 'Toma alrededor de un minuto. Sin compromiso.',
  body: [
    'Sus respuestas ayudan a un agente de seguros con licencia a entender lo que es importante para usted, para que las opciones que escuche se ajusten a su situación.',
    'La disponibilidad y los beneficios varían según la zona y el plan. No todas las personas califican.',
  ],
};

export const fixedPages = [
  ...family({
    product: 'medicare',
    template: 'index',
    copy: home,
    brands: ALL_BRANDS,
    indexable: true,
    benefits: [],
    planTypes: [],
    variants: [{ name: 'index', path: '/' }],
  }),
  ...family({
    product: 'medicare',
    template: 'review',
    brands: REVIEW_BRANDS,
    indexable: true,
    destination: '/quiz/medicare',
    benefits: ['dental', 'vision', 'otc'],
    planTypes: ['Medicare Advantage', 'Part D'],
    variants: [
      // The spec's /reviews/:slug(.*)*: an address under /reviews without a carrier page of its
      // own (an old or mistyped review link) shows the reviews index, not a 404. Its check turns
      // away what no review link looks like, a name with a dot (a probe for
      // /reviews/wp-login.php, a file, a dot folder), with the spec's 'Page Not Found: {path}'.
      {
        name: 'reviews',
        path: '/reviews/:slug?',
        copy: reviewsIndex,
        check: { param: 'slug', pattern: '[^./]*(?:/[^./]+)*/?' },
      },
      {
        name: 'reviews-aetna',
        path: '/reviews/aetna/:step?',
        copy: carrierReview(
          'Aetna',
          'Aetna is part of CVS Health and offers Medicare Advantage plans, including HMO and PPO options, as well as stand-alone Part D prescription drug plans in many states. Some Aetna plans include dental, vision and hearing coverage or an over-the-counter allowance.',
        ),
      },
      {
        name: 'reviews-cigna',
        path: '/reviews/cigna/:step?',
        copy: carrierReview(
          'Cigna',
          'Cigna Healthcare has offered Medicare Advantage and Part D prescription drug plans in selected states. Its Medicare business and plan names have changed in recent years, so check the current plan name and sponsor on your enrollment materials.',
        ),
      },
      {
        name: 'reviews-humana',
        path: '/reviews/humana/:step?',
        copy: carrierReview(
          'Humana',
          'Humana is one of the largest Medicare Advantage carriers in the country and also offers stand-alone Part D plans. Its plan types include HMO, PPO and Special Needs Plans, with networks that vary by market.',
        ),
      },
      {
        name: 'reviews-wellcare',
        path: '/reviews/wellcare/:step?',
        copy: carrierReview(
          'Wellcare',
          'Wellcare is the Medicare brand of Centene Corporation. It offers Medicare Advantage plans, including Special Needs Plans for people with both Medicare and Medicaid, and stand-alone Part D plans.',
        ),
      },
      {
        name: 'reviews-unitedhealthcare',
        path: '/reviews/unitedhealthcare/:step?',
        copy: carrierReview(
          'UnitedHealthcare',
          'UnitedHealthcare offers Medicare Advantage plans, Part D plans and, under the AARP name, Medicare Supplement insurance in most states. Many of its Medicare Advantage plans include dental and vision benefits.',
        ),
      },
    ],
  }),
  ...family({
    product: 'medicare',
    template: 'quiz',
    benefits: ['otc', 'grocery', 'dental'],
    planTypes: ['Medicare Advantage'],
    variants: [
      {
        name: 'otc-quiz',
        path: '/quiz/otc/:step?',
        form: 'quiz-otc',
        copy: quizCopy('OTC allowance', 'Could your plan include an over-the-counter allowance?'),
        benefits: ['otc'],
      },
      {
        name: 'grocery-quiz',
        path: '/quiz/grocery/:step?',
        form: 'quiz-grocery',
        copy: quizCopy('Grocery allowance', 'See if a plan with a grocery allowance is available near you'),
        benefits: ['grocery', 'otc'],
      },
      {
        name: 'medicare-quiz',
        path: '/quiz/medicare/:step?',
        form: 'quiz-medicare',
        copy: quizCopy('Medicare plan', 'Find out which Medicare plan may fit you'),
      },
      {
        name: 'medicare-quiz-es',
        path: '/quiz/medicare-es/:step?',
        form: 'quiz-medicare-es',
        copy: quizMedicareEs,
        brands: SPANISH_MEDICARE_BRANDS,
      },
      {
        name: 'auto-quiz',
        path: '/quiz/auto/:step?',
        product: 'auto',
        form: 'quiz-auto',
        brands: AUTO_BRANDS,
        copy: quizCopy('Auto insurance', 'Could you be paying less for car insurance?'),
        benefits: [],
        planTypes: ['Auto'],
      },
    ],
  }),
];
