import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'wc',
  name: 'WiseCover Benefits',
  hostnames: ['wisecoverbenefits.com'],
  tagManagerId: 'GTM-WC7Z2LD',
  defaultPhone: '18005550104',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#1d6b4f',
      onPrimary: '#ffffff',
      accent: '#f2c14e',
      onAccent: '#1a1a1a',
      surface: '#fbfaf5',
      surfaceAlt: '#f1efe4',
      text: '#1f2a24',
      muted: '#4f5a53',
      link: '#17603f',
    },
    dark: {
      primary: '#86d0ae',
      onPrimary: '#0b2218',
      accent: '#f2c14e',
      onAccent: '#1a1a1a',
      surface: '#101613',
      surfaceAlt: '#18201b',
      text: '#eef4f0',
      muted: '#b8c6bd',
      link: '#93dab9',
    },
    radius: 4,
    typeScale: { base: 1.125, ratio: 1.333 },
  },
  layout: 'editorial',
  logo: {
    mark: [
      { d: 'M16 1l13 5v9c0 8-6 14-13 16C9 29 3 23 3 15V6z', tone: 'primary' },
      { d: 'M10 15l4 4 8-8 2 2-10 10-6-6z', tone: 'accent' },
    ],
    wordmark: { weight: 700, case: 'none', tracking: -0.01 },
  },
  copy: {
    tagline: 'Considered advice on Medicare coverage',
    home: {
      title: 'Medicare coverage, weighed with care',
      description:
        'WiseCover Benefits helps you weigh Medicare Advantage and Medicare Supplement coverage with a licensed agent who compares the plans in your area.',
      headline: 'Choose Medicare coverage with a clear head',
      subheadline:
        'Networks, drug lists and out-of-pocket limits differ by plan. We help you compare them side by side.',
    },
  },
  mediaalpha: { placementIds: { medicare: 'wcMedicare0000000000000000001a' }, defaultAffiliateId: 'wc-direct' },
  consent: {
    partners: [{ name: 'WiseCover Insurance Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'wisecover-insurance-agency', name: 'WiseCover Insurance Agency, LLC' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
        { id: 'pinecrest-benefits-advisors', name: 'Pinecrest Benefits Advisors, LLC' },
      ],
      organizations: 8,
      products: 55,
    },
  },
} satisfies Brand;
