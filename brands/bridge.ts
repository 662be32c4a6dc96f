import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'bridge',
  name: 'Bridge Health Benefits',
  hostnames: ['bridgehealthbenefits.com'],
  tagManagerId: 'GTM-BRG4D7X',
  defaultPhone: '18005550110',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#234e70',
      onPrimary: '#ffffff',
      accent: '#fbc02d',
      onAccent: '#1a1a1a',
      surface: '#fcfcfa',
      surfaceAlt: '#eef2f5',
      text: '#17212b',
      muted: '#4b5662',
      link: '#234e70',
    },
    dark: {
      primary: '#9cc3e4',
      onPrimary: '#0c1c2a',
      accent: '#fbc02d',
      onAccent: '#1a1a1a',
      surface: '#10151a',
      surfaceAlt: '#182029',
      text: '#eef2f6',
      muted: '#b8c3ce',
      link: '#a8cbe8',
    },
    radius: 6,
    typeScale: { base: 1.1875, ratio: 1.3 },
  },
  layout: 'editorial',
  logo: {
    mark: [
      { d: 'M1 19h30v4H1z', tone: 'primary' },
      { d: 'M4 19a12 12 0 0 1 24 0h-3a9 9 0 0 0-18 0z', tone: 'primary' },
      { d: 'M6 23h3v7H6zM23 23h3v7h-3z', tone: 'accent' },
    ],
    wordmark: { weight: 600, case: 'uppercase', tracking: 0.08 },
  },
  copy: {
    tagline: 'Bridging Medicare and the care you need',
    home: {
      title: 'Medicare plans that fit your care',
      description:
        'Bridge Health Benefits helps you find Medicare plans that keep your doctors and cover your prescriptions, with a licensed agent who compares plans near you.',
      headline: 'Keep your doctors, cover your prescriptions',
      subheadline: 'A licensed agent checks networks and drug lists of the Medicare plans offered where you live.',
    },
  },
  mediaalpha: { placementIds: { medicare: 'bridgeMedicare000000000000001a' }, defaultAffiliateId: 'bridge-direct' },
  consent: {
    partners: [{ name: 'Bridge Health Insurance Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'bridge-health-insurance-agency', name: 'Bridge Health Insurance Agency, LLC' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
      ],
      organizations: 8,
      products: 52,
    },
  },
} satisfies Brand;
