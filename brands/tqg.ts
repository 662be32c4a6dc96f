import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'tqg',
  name: 'The Quote Guide',
  hostnames: ['thequoteguide.com', 'www.thequoteguide.com'],
  tagManagerId: 'GTM-TQG2H5J',
  defaultPhone: '18005550108',
  defaultProduct: 'auto',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#1a4d8f',
      onPrimary: '#ffffff',
      accent: '#2e9e5b',
      onAccent: '#0c1a12',
      surface: '#f8f9fb',
      surfaceAlt: '#e9eef6',
      text: '#161d29',
      muted: '#4a5363',
      link: '#1a4d8f',
    },
    dark: {
      primary: '#94b8ec',
      onPrimary: '#0b1930',
      accent: '#5cc98a',
      onAccent: '#06180d',
      surface: '#0f131a',
      surfaceAlt: '#171d27',
      text: '#edf1f7',
      muted: '#b6bfcc',
      link: '#a2c3f0',
    },
    radius: 2,
    typeScale: { base: 1.125, ratio: 1.36 },
  },
  layout: 'editorial',
  logo: {
    mark: [
      { d: 'M16 1c6 0 11 5 11 11 0 8-11 19-11 19S5 20 5 12C5 6 10 1 16 1z', tone: 'primary' },
      { d: 'M11 12a5 5 0 1 0 10 0a5 5 0 1 0 -10 0z', tone: 'accent' },
    ],
    wordmark: { weight: 700, case: 'none', tracking: 0 },
  },
  copy: {
    tagline: 'A plain guide to auto insurance quotes',
    home: {
      title: 'Your guide to auto insurance quotes',
      description:
        'The Quote Guide explains what drives car insurance prices and lines up offers from insurers in your area, so you can compare coverage, not just price.',
      headline: 'Understand your car insurance before you compare it',
      subheadline:
        'Coverage limits, deductibles and discounts change the price. We show offers from insurers in your ZIP code.',
    },
  },
  mediaalpha: { placementIds: { auto: 'tqgAuto0000000000000000000001a' }, defaultAffiliateId: 'tqg-direct' },
  quoteWizard: { enabled: true },
  consent: {
    partners: [
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'QuoteWizard.com, LLC', role: ROLES.marketplace },
      { name: 'Progressive Direct Insurance Company', role: ROLES.carrier },
      { name: 'GEICO General Insurance Company', role: ROLES.carrier },
      { name: 'Allstate Fire and Casualty Insurance Company', role: ROLES.carrier },
    ],
  },
} satisfies Brand;
