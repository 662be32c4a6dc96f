import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'sd',
  name: 'Senior Deals Daily',
  hostnames: ['seniordealsdaily.com'],
  tagManagerId: 'GTM-SD6Y1PC',
  defaultPhone: '18005550109',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#8a3b12',
      onPrimary: '#ffffff',
      accent: '#2b7a78',
      onAccent: '#ffffff',
      surface: '#fffaf5',
      surfaceAlt: '#f8ebdf',
      text: '#2a1a10',
      muted: '#5e4a3d',
      link: '#8a3b12',
    },
    dark: {
      primary: '#f0a477',
      onPrimary: '#2a1205',
      accent: '#6fc4c1',
      onAccent: '#062120',
      surface: '#17110d',
      surfaceAlt: '#231a14',
      text: '#f8efe8',
      muted: '#d2c0b3',
      link: '#f5b189',
    },
    radius: 10,
    typeScale: { base: 1.125, ratio: 1.24 },
  },
  layout: 'bold',
  logo: {
    mark: [
      { d: 'M3 3h12l14 14-12 12L3 15z', tone: 'primary' },
      { d: 'M6.5 9a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z', tone: 'onPrimary' },
      { d: 'M13 21l8-8 2 2-8 8z', tone: 'accent' },
    ],
    wordmark: { weight: 800, case: 'none', tracking: 0 },
  },
  copy: {
    tagline: 'Daily finds on Medicare extra benefits',
    home: {
      title: 'Medicare extra benefits near you',
      description:
        'Senior Deals Daily tracks Medicare Advantage plans with grocery, OTC and dental allowances, and a licensed agent checks what is offered near you.',
      headline: "Today's look at Medicare extras near you",
      subheadline: 'Grocery, OTC and dental allowances differ by plan and county. Check what is offered in yours.',
    },
  },
  mediaalpha: {
    placementIds: { medicare: 'sdMedicare0000000000000000001a', life: 'sdLife000000000000000000000001' },
    defaultAffiliateId: 'sd-direct',
  },
  consent: {
    partners: [
      { name: 'Senior Deals Insurance Agency, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'Lincoln Heritage Life Insurance Company', role: ROLES.carrier },
      { name: 'Mutual of Omaha Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'senior-deals-insurance-agency', name: 'Senior Deals Insurance Agency, LLC' },
        { id: 'pinecrest-benefits-advisors', name: 'Pinecrest Benefits Advisors, LLC' },
        { id: 'harbor-licensed-agents', name: 'Harbor Licensed Agents, LLC' },
      ],
      organizations: 5,
      products: 32,
    },
  },
} satisfies Brand;
