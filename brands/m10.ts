import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'm10',
  name: 'Medicare Ten',
  hostnames: ['medicareten.com', 'www.medicareten.com'],
  tagManagerId: 'GTM-M10PX3R',
  defaultPhone: '18005550102',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#14507a',
      onPrimary: '#ffffff',
      accent: '#e8762c',
      onAccent: '#1a1a1a',
      surface: '#fffdf9',
      surfaceAlt: '#fdf1e7',
      text: '#1c1a17',
      muted: '#57504a',
      link: '#14507a',
    },
    dark: {
      primary: '#7fb8e6',
      onPrimary: '#0b1e2d',
      accent: '#f59a5c',
      onAccent: '#1a1a1a',
      surface: '#14110f',
      surfaceAlt: '#1f1a16',
      text: '#f6efe8',
      muted: '#cbbfb3',
      link: '#8fc4ee',
    },
    radius: 8,
    typeScale: { base: 1.125, ratio: 1.25 },
  },
  layout: 'bold',
  logo: {
    mark: [
      { d: 'M0 16a16 16 0 1 0 32 0a16 16 0 1 0 -32 0z', tone: 'primary' },
      { d: 'M8 16l3-3 4 4 8-8 3 3-11 11z', tone: 'onPrimary' },
      { d: 'M6 27h20v3H6z', tone: 'accent' },
    ],
    wordmark: { weight: 800, case: 'uppercase', tracking: 0.03 },
  },
  copy: {
    tagline: 'Ten minutes to a clearer Medicare choice',
    home: {
      title: 'Compare Medicare plans in ten minutes',
      description:
        'Medicare Ten walks you through Medicare Advantage, Supplement and Part D options in plain terms, then connects you with a licensed agent at no cost.',
      headline: 'Medicare, sorted in ten minutes',
      subheadline: 'Answer a few questions and a licensed agent compares the plans offered where you live.',
    },
  },
  mediaalpha: { placementIds: { medicare: 'm10Medicare000000000000000001a' }, defaultAffiliateId: 'm10-direct' },
  consent: {
    partners: [{ name: 'Medicare Ten Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'medicare-ten-agency', name: 'Medicare Ten Agency, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
        { id: 'harbor-licensed-agents', name: 'Harbor Licensed Agents, LLC' },
      ],
      organizations: 7,
      products: 48,
    },
  },
} satisfies Brand;
