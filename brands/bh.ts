import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'bh',
  name: 'Benefit Helpers',
  hostnames: ['benefithelpers.com', 'www.benefithelpers.com'],
  tagManagerId: 'GTM-BH4K2Q7',
  defaultPhone: '18005550101',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#0b5cab',
      onPrimary: '#ffffff',
      accent: '#f4b400',
      onAccent: '#1a1a1a',
      surface: '#ffffff',
      surfaceAlt: '#eef4fb',
      text: '#14212e',
      muted: '#4a5561',
      link: '#0b5cab',
    },
    dark: {
      primary: '#8cc2ff',
      onPrimary: '#0a1a2c',
      accent: '#f4b400',
      onAccent: '#1a1a1a',
      surface: '#0f1620',
      surfaceAlt: '#17212e',
      text: '#eef3f8',
      muted: '#b9c4d0',
      link: '#9ccbff',
    },
    radius: 16,
    typeScale: { base: 1.125, ratio: 1.2 },
  },
  layout: 'calm',
  logo: {
    mark: [
      { d: 'M8 0h16a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8V8a8 8 0 0 1 8-8z', tone: 'primary' },
      { d: 'M14 8h4v6h6v4h-6v6h-4v-6H8v-4h6z', tone: 'onPrimary' },
      { d: 'M22 6a4 4 0 1 0 8 0a4 4 0 1 0 -8 0z', tone: 'accent' },
    ],
    wordmark: { weight: 600, case: 'none', tracking: 0.01 },
  },
  copy: {
    tagline: 'Medicare help from people who listen',
    home: {
      title: 'Medicare plans and extra benefits',
      description:
        'Benefit Helpers connects you with licensed agents who compare Medicare Advantage plans and extra benefits offered in your ZIP code, at no cost.',
      headline: 'Find the Medicare benefits you may be missing',
      subheadline: 'Dental, vision and everyday allowances vary by plan and county. A licensed agent can check yours.',
    },
  },
  mediaalpha: {
    placementIds: { medicare: 'bhMedicare0000000000000000001a', life: 'bhLife000000000000000000000001' },
    defaultAffiliateId: 'bh-direct',
  },
  consent: {
    partners: [
      { name: 'Benefit Helpers Insurance Agency, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'Lincoln Heritage Life Insurance Company', role: ROLES.carrier },
      { name: 'Mutual of Omaha Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'benefit-helpers-insurance-agency', name: 'Benefit Helpers Insurance Agency, LLC' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
        { id: 'harbor-licensed-agents', name: 'Harbor Licensed Agents, LLC' },
      ],
      organizations: 9,
      products: 64,
    },
  },
} satisfies Brand;
