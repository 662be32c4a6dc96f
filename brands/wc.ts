import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'wc',
  name: 'WiseCover Benefits',
  hostnames: ['wisecoverbenefits.com'],
  favicon: '/favicons/wc.svg',
  tagManagerId: 'GTM-WC7Z2LD',
  defaultPhone: '18005550104',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#1d6b4f', primaryText: '#ffffff', accent: '#f2c14e' },
  mediaalpha: { placementIds: { medicare: 'wcMedicare0000000000000000001a' }, defaultAffiliateId: 'wc-direct' },
  consent: {
    partners: [{ name: 'WiseCover Insurance Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'wisecover-insurance-agency', name: 'WiseCover Insurance Agency, LLC' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
        { id: 'pinecrest-benefits-advisors', name: 'Pinecrest Benefits Advisors, LLC' },
      ],
      organizations: 8,
      products: 55,
    },
  },
} satisfies Brand;
