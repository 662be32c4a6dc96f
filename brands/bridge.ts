import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'bridge',
  name: 'Bridge Health Benefits',
  hostnames: ['bridgehealthbenefits.com'],
  favicon: '/favicons/bridge.svg',
  tagManagerId: 'GTM-BRG4D7X',
  defaultPhone: '18005550110',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#234e70', primaryText: '#ffffff', accent: '#fbc02d' },
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
