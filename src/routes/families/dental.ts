/**
 * Dental and vision pages. Original Medicare excludes most dental care; many Medicare
 * Advantage plans add it up to a yearly limit. "$0" appears only as "as low as" wording
 * because premiums vary by plan and county.
 */
import { esDental } from './copy-es';
import { family, type PageCopy } from './family';

const dentalVision: PageCopy = {
  title: 'Dental and vision coverage with Medicare',
  description:
    'Original Medicare does not cover routine dental or vision care. Many Medicare Advantage plans do. See plans offered in your area.',
  headline: 'Dental and vision care that Original Medicare leaves out',
  subheadline: 'Cleanings, X-rays, eye exams and glasses are included in many Medicare Advantage plans.',
  body: [
    'Original Medicare does not pay for routine dental cleanings, fillings, dentures, eye exams or glasses. Many Medicare Advantage plans include these benefits, usually with a yearly limit and a network of dentists and eye doctors.',
    'Coverage differs a lot between plans: some cover only preventive care, others include major services such as crowns or dentures. A licensed agent can compare the plans in your ZIP code and explain what each one pays.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Benefits vary by plan and location.',
  ],
};

const lowPremium: PageCopy = {
  title: 'Medicare plans with dental benefits',
  description:
    'Some Medicare Advantage plans with dental coverage have premiums as low as $0 a month in some areas. Compare plans near you.',
  headline: 'Dental coverage with premiums as low as $0 in some areas',
  subheadline: 'Many Medicare Advantage plans include dental; some have no monthly plan premium.',
  body: [
    'In many counties there are Medicare Advantage plans with dental benefits and a $0 monthly plan premium. You still pay your Part B premium, and copays, yearly limits and networks apply.',
    'A low premium is only part of the picture: check which dental services are covered, the annual maximum, and whether your dentist is in the network. A licensed agent can walk you through it.',
    'We are not connected with or endorsed by the U.S. government or the federal Medicare program. Not every plan is available in every area.',
  ],
};

export const dentalPages = [
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: dentalVision,
    benefits: ['dental', 'vision'],
    planTypes: ['Medicare Advantage'],
    variants: ['dental-vision', 'dental-vision-preview'],
  }),
  ...family({
    product: 'medicare',
    template: 'advertorial',
    copy: lowPremium,
    copyEs: esDental,
    benefits: ['dental'],
    planTypes: ['Medicare Advantage'],
    variants: [
      { name: 'zero-zero-dental-coverage', headline: 'Dental coverage with $0 premium plans in some areas' },
      'low-as-zero-dental-premiums',
      { name: 'dental-allowance-24', headline: 'A dental allowance may be included in plans near you' },
      'dental-allowance-24-es',
    ],
  }),
];
