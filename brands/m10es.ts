import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'm10es',
  name: 'Medicare Ten en Español',
  hostnames: ['es.medicareten.com'],
  favicon: '/favicons/m10es.svg',
  tagManagerId: 'GTM-M10ES9T',
  defaultPhone: '18005550103',
  defaultProduct: 'medicare',
  defaultLanguage: 'spanish',
  theme: { primary: '#14507a', primaryText: '#ffffff', accent: '#e8762c' },
  mediaalpha: { placementIds: { medicare: 'm10esMedicare00000000000000001' }, defaultAffiliateId: 'm10es-direct' },
  consent: {
    partners: [{ name: 'Medicare Ten Agency, LLC', role: ROLES.agency }],
    medicare: {
      sellers: [
        { id: 'medicare-ten-agency', name: 'Medicare Ten Agency, LLC' },
        { id: 'agentes-de-salud-sol', name: 'Agentes de Salud Sol, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
      ],
      organizations: 7,
      products: 48,
    },
  },
} satisfies Brand;
