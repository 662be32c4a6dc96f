import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'bh',
  name: 'Benefit Helpers',
  hostnames: ['benefithelpers.com', 'www.benefithelpers.com'],
  favicon: '/favicons/bh.svg',
  tagManagerId: 'GTM-BH4K2Q7',
  defaultPhone: '18005550101',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#0b5cab', primaryText: '#ffffff', accent: '#f4b400' },
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
