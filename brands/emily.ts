import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'emily',
  name: 'Ask Emily',
  hostnames: ['askemily.com', 'www.askemily.com'],
  tagManagerId: 'GTM-EML9Q3F',
  defaultPhone: '18005550111',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: {
    light: {
      primary: '#a1306b',
      onPrimary: '#ffffff',
      accent: '#2f67b8',
      onAccent: '#ffffff',
      surface: '#fffbfd',
      surfaceAlt: '#f9ecf3',
      text: '#2a1420',
      muted: '#5d4754',
      link: '#942a62',
    },
    dark: {
      primary: '#f29cc8',
      onPrimary: '#2c0818',
      accent: '#9dc0f2',
      onAccent: '#0a1a30',
      surface: '#171015',
      surfaceAlt: '#22181f',
      text: '#f9eef4',
      muted: '#d4bfcb',
      link: '#f5acd1',
    },
    radius: 18,
    typeScale: { base: 1.1875, ratio: 1.22 },
  },
  layout: 'calm',
  logo: {
    mark: [
      { d: 'M4 4h24a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H14l-7 6v-6H4a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3z', tone: 'primary' },
      { d: 'M8 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z', tone: 'onPrimary' },
      { d: 'M14 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z', tone: 'onPrimary' },
      { d: 'M20 14a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z', tone: 'accent' },
    ],
    wordmark: { weight: 600, case: 'none', tracking: 0 },
  },
  copy: {
    tagline: 'Ask a question, get a straight answer',
    home: {
      title: 'Medicare questions, answered plainly',
      description:
        'Ask Emily answers common Medicare questions in plain words and connects you with a licensed agent who can compare the plans available in your area.',
      headline: 'Have a Medicare question? Just ask.',
      subheadline: 'Start with a few questions and a licensed agent answers yours, with no cost and no obligation.',
    },
  },
  mediaalpha: { placementIds: {}, defaultAffiliateId: 'emily-direct' },
  consent: {
    partners: [
      { name: 'Ask Emily Insurance Services, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'Lincoln Heritage Life Insurance Company', role: ROLES.carrier },
      { name: 'Mutual of Omaha Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'ask-emily-insurance-services', name: 'Ask Emily Insurance Services, LLC' },
        { id: 'harbor-licensed-agents', name: 'Harbor Licensed Agents, LLC' },
        { id: 'pinecrest-benefits-advisors', name: 'Pinecrest Benefits Advisors, LLC' },
      ],
      organizations: 6,
      products: 38,
    },
  },
} satisfies Brand;
