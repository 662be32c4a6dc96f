import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'sd',
  name: 'Senior Deals Daily',
  hostnames: ['seniordealsdaily.com'],
  favicon: '/favicons/sd.svg',
  tagManagerId: 'GTM-SD6Y1PC',
  defaultPhone: '18005550109',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#8a3b12', primaryText: '#ffffff', accent: '#2b7a78' },
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
