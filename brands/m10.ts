import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'm10',
  name: 'Medicare Ten',
  hostnames: ['medicareten.com', 'www.medicareten.com'],
  favicon: '/favicons/m10.svg',
  tagManagerId: 'GTM-M10PX3R',
  defaultPhone: '18005550102',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#14507a', primaryText: '#ffffff', accent: '#e8762c' },
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
