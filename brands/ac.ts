import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ac',
  name: 'Advisor Compass',
  hostnames: ['advisorcompass.com', 'www.advisorcompass.com'],
  favicon: '/favicons/ac.svg',
  tagManagerId: 'GTM-AC5T8NB',
  defaultPhone: '18005550112',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#1b3a5c', primaryText: '#ffffff', accent: '#d98e04' },
  mediaalpha: {
    placementIds: { medicare: 'acMedicare0000000000000000001a', auto: 'acAuto00000000000000000000001a' },
    defaultAffiliateId: 'ac-direct',
  },
  consent: {
    partners: [
      { name: 'Advisor Compass Insurance Agency, LLC', role: ROLES.agency },
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'QuoteWizard.com, LLC', role: ROLES.marketplace },
      { name: 'Progressive Direct Insurance Company', role: ROLES.carrier },
      { name: 'GEICO General Insurance Company', role: ROLES.carrier },
      { name: 'Allstate Fire and Casualty Insurance Company', role: ROLES.carrier },
    ],
    medicare: {
      sellers: [
        { id: 'advisor-compass-insurance-agency', name: 'Advisor Compass Insurance Agency, LLC' },
        { id: 'northstar-health-insurance-agents', name: 'Northstar Health Insurance Agents, Inc.' },
        { id: 'evergreen-senior-insurance-services', name: 'Evergreen Senior Insurance Services, Inc.' },
      ],
      organizations: 10,
      products: 81,
    },
  },
} satisfies Brand;
