import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'qs',
  name: 'QuoteSenior',
  hostnames: ['quotesenior.com'],
  tagManagerId: 'GTM-QS3V6WE',
  defaultPhone: '18005550106',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#0e6e8c',
      onPrimary: '#ffffff',
      accent: '#f28c28',
      onAccent: '#1a1a1a',
      surface: '#f7fbfc',
      surfaceAlt: '#e5f2f6',
      text: '#132a31',
      muted: '#44585f',
      link: '#0b617c',
    },
    dark: {
      primary: '#7cc9e2',
      onPrimary: '#06222b',
      accent: '#f5a65b',
      onAccent: '#1a1a1a',
      surface: '#0e1719',
      surfaceAlt: '#152226',
      text: '#eaf5f8',
      muted: '#b3c8ce',
      link: '#8ad3ea',
    },
    radius: 14,
    typeScale: { base: 1.125, ratio: 1.18 },
  },
  layout: 'calm',
  logo: {
    mark: [
      { d: 'M0 16a16 16 0 1 0 32 0a16 16 0 1 0 -32 0z', tone: 'primary' },
      { d: 'M8 10h6v6l-3 6H8l2-6H8z', tone: 'onPrimary' },
      { d: 'M18 10h6v6l-3 6h-3l2-6h-2z', tone: 'accent' },
    ],
    wordmark: { weight: 600, case: 'lowercase', tracking: 0.02 },
  },
  copy: {
    tagline: 'Unhurried Medicare quotes for seniors',
    home: {
      title: 'Medicare quotes without the pressure',
      description:
        'QuoteSenior gathers Medicare plan quotes from carriers in your area and a licensed agent explains them at your pace, with no obligation to enroll.',
      headline: 'Medicare quotes, explained at your pace',
      subheadline: 'Tell us a little about your needs and a licensed agent walks you through the quotes in your area.',
    },
  },
  mediaalpha: { placementIds: { medicare: 'qsMedicare0000000000000000001a' }, defaultAffiliateId: 'qs-direct' },
  consent: {
    partners: [{ name: 'QuoteSenior Insurance Services, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'quotesenior-insurance-services', name: 'QuoteSenior Insurance Services, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
      ],
      organizations: 9,
      products: 70,
    },
  },
} satisfies Brand;
