import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ayb',
  name: 'All Your Benefits',
  hostnames: ['allyourbenefits.com', 'www.allyourbenefits.com'],
  favicon: '/favicons/ayb.svg',
  tagManagerId: 'GTM-AYB5N8Q',
  defaultPhone: '18005550105',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#5a2d82', primaryText: '#ffffff', accent: '#ffb347' },
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
