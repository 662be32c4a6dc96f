import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'emily',
  name: 'Ask Emily',
  hostnames: ['askemily.com', 'www.askemily.com'],
  favicon: '/favicons/emily.svg',
  tagManagerId: 'GTM-EML9Q3F',
  defaultPhone: '18005550111',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#a1306b', primaryText: '#ffffff', accent: '#3a7bd5' },
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
