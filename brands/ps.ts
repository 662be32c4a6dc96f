import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ps',
  name: 'PolicySaver',
  hostnames: ['policysaver.com', 'www.policysaver.com'],
  tagManagerId: 'GTM-PS8R4KM',
  defaultPhone: '18005550107',
  defaultProduct: 'auto',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#b3261e',
      onPrimary: '#ffffff',
      accent: '#1f6fb2',
      onAccent: '#ffffff',
      surface: '#ffffff',
      surfaceAlt: '#fbeeed',
      text: '#1d1414',
      muted: '#5a4a49',
      link: '#a3221b',
    },
    dark: {
      primary: '#ff9a8f',
      onPrimary: '#2a0906',
      accent: '#8cc4f2',
      onAccent: '#061a2b',
      surface: '#171010',
      surfaceAlt: '#221817',
      text: '#f9eeed',
      muted: '#d3bfbd',
      link: '#ffaaa1',
    },
    radius: 6,
    typeScale: { base: 1.125, ratio: 1.3 },
  },
  layout: 'bold',
  logo: {
    mark: [
      { d: 'M8 0h16a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8V8a8 8 0 0 1 8-8z', tone: 'primary' },
      { d: 'M6 22a10 10 0 0 1 20 0h-4a6 6 0 0 0-12 0z', tone: 'onPrimary' },
      { d: 'M15 21l7-9 2 1.5-7 9z', tone: 'accent' },
    ],
    wordmark: { weight: 800, case: 'none', tracking: -0.01 },
  },
  copy: {
    tagline: 'Car insurance quotes that respect your budget',
    home: {
      title: 'Compare car insurance quotes',
      description:
        'PolicySaver compares car insurance offers from insurers that write policies in your ZIP code, so you can see what you could save before you switch.',
      headline: 'Stop overpaying for car insurance',
      subheadline: 'Answer a few questions about your car and driving, then compare offers from insurers in your area.',
    },
  },
  mediaalpha: { placementIds: { auto: 'psAuto00000000000000000000001a' }, defaultAffiliateId: 'ps-direct' },
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
