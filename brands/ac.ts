import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ac',
  name: 'Advisor Compass',
  hostnames: ['advisorcompass.com', 'www.advisorcompass.com'],
  tagManagerId: 'GTM-AC5T8NB',
  defaultPhone: '18005550112',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#1b3a5c',
      onPrimary: '#ffffff',
      accent: '#d98e04',
      onAccent: '#1a1a1a',
      surface: '#fbfaf7',
      surfaceAlt: '#f0ede4',
      text: '#1b1e24',
      muted: '#4e5159',
      link: '#1b3a5c',
    },
    dark: {
      primary: '#e2b04a',
      onPrimary: '#1e1503',
      accent: '#9bbbe0',
      onAccent: '#0c1a2b',
      surface: '#0f1217',
      surfaceAlt: '#181c23',
      text: '#eef0f3',
      muted: '#b9bec8',
      link: '#e9bf63',
    },
    radius: 3,
    typeScale: { base: 1.125, ratio: 1.4 },
  },
  layout: 'editorial',
  logo: {
    mark: [
      { d: 'M0 16a16 16 0 1 0 32 0a16 16 0 1 0 -32 0z', tone: 'primary' },
      { d: 'M16 5l4 11h-8z', tone: 'accent' },
      { d: 'M12 16h8l-4 11z', tone: 'onPrimary' },
    ],
    wordmark: { weight: 700, case: 'uppercase', tracking: 0.06 },
  },
  copy: {
    tagline: 'Carrier reviews and Medicare guidance',
    home: {
      title: 'Medicare carriers, reviewed and compared',
      description:
        'Advisor Compass reviews the major Medicare carriers and helps you compare plan types, networks and extra benefits with a licensed agent.',
      headline: 'Find your bearings among Medicare carriers',
      subheadline: 'Read what each carrier offers, then compare plans in your ZIP code with a licensed agent.',
    },
  },
  mediaalpha: {
    placementIds: { medicare: 'acMedicare0000000000000000001a', auto: 'acAuto00000000000000000000001a' },
    defaultAffiliateId: 'ac-direct',
  },
  consent: {
    partners: [
      { name: 'Advisor Compass Insurance Agency, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'QuoteWizard.com, LLC', role: ROLES.marketplace },
      { name: 'Progressive Direct Insurance Company', role: ROLES.carrier },
      { name: 'GEICO General Insurance Company', role: ROLES.carrier },
      { name: 'Allstate Fire and Casualty Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'advisor-compass-insurance-agency', name: 'Advisor Compass Insurance Agency, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
      ],
      organizations: 10,
      products: 81,
    },
  },
} satisfies Brand;
