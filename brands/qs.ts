import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'qs',
  name: 'QuoteSenior',
  hostnames: ['quotesenior.com'],
  favicon: '/favicons/qs.svg',
  tagManagerId: 'GTM-QS3V6WE',
  defaultPhone: '18005550106',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#0e6e8c', primaryText: '#ffffff', accent: '#f28c28' },
  mediaalpha: { placementIds: { medicare: 'qsMedicare0000000000000000001a' }, defaultAffiliateId: 'qs-direct' },
  consent: {
    partners: [{ name: 'QuoteSenior Insurance Services, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'quotesenior-insurance-services', name: 'QuoteSenior Insurance Services, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
      ],
      organizations: 9,
      products: 70,
    },
  },
} satisfies Brand;
