import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ayb',
  name: 'All Your Benefits',
  hostnames: ['allyourbenefits.com', 'www.allyourbenefits.com'],
  tagManagerId: 'GTM-AYB5N8Q',
  defaultPhone: '18005550105',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#5a2d82',
      onPrimary: '#ffffff',
      accent: '#ffb347',
      onAccent: '#1a1a1a',
      surface: '#ffffff',
      surfaceAlt: '#f4eefa',
      text: '#21172b',
      muted: '#55496a',
      link: '#5a2d82',
    },
    dark: {
      primary: '#c7a6ec',
      onPrimary: '#1e0f2e',
      accent: '#ffb347',
      onAccent: '#1a1a1a',
      surface: '#151119',
      surfaceAlt: '#1f1925',
      text: '#f3eef8',
      muted: '#c5bad1',
      link: '#d2b5f2',
    },
    radius: 12,
    typeScale: { base: 1.125, ratio: 1.28 },
  },
  layout: 'bold',
  logo: {
    mark: [
      { d: 'M0 16a16 16 0 1 0 32 0a16 16 0 1 0 -32 0z', tone: 'primary' },
      { d: 'M16 5l3.2 7 7.6.6-5.8 5 1.8 7.4L16 21l-6.6 4 1.8-7.4-5.8-5 7.6-.6z', tone: 'accent' },
    ],
    wordmark: { weight: 800, case: 'none', tracking: -0.02 },
  },
  copy: {
    tagline: 'Every benefit option, in one place',
    home: {
      title: 'See all your Medicare benefit options',
      description:
        'All Your Benefits helps people with Medicare see which plans in their area include dental, vision, hearing and everyday allowances, with a licensed agent.',
      headline: 'All your benefit options in one call',
      subheadline: 'From dental to grocery allowances: find out which plans in your ZIP code include them.',
    },
  },
  mediaalpha: {
    placementIds: { medicare: 'aybMedicare000000000000000001a', life: 'aybLife00000000000000000000001' },
    defaultAffiliateId: 'ayb-direct',
  },
  consent: {
    partners: [
      { name: 'All Your Benefits Agency, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'Lincoln Heritage Life Insurance Company', role: ROLES.carrier },
      { name: 'Mutual of Omaha Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'all-your-benefits-agency', name: 'All Your Benefits Agency, LLC' },
        { id: 'harbor-licensed-agents', name: 'Harbor Licensed Agents, LLC' },
        { id: 'pinecrest-benefits-advisors', name: 'Pinecrest Benefits Advisors, LLC' },
      ],
      organizations: 6,
      products: 41,
    },
  },
} satisfies Brand;
