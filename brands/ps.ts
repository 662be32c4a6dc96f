import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'ps',
  name: 'PolicySaver',
  hostnames: ['policysaver.com', 'www.policysaver.com'],
  favicon: '/favicons/ps.svg',
  tagManagerId: 'GTM-PS8R4KM',
  defaultPhone: '18005550107',
  defaultProduct: 'auto',
  defaultLanguage: 'english',
  theme: { primary: '#b3261e', primaryText: '#ffffff', accent: '#1f6fb2' },
  mediaalpha: { placementIds: { auto: 'psAuto00000000000000000000001a' }, defaultAffiliateId: 'ps-direct' },
  quoteWizard: { enabled: true },
  consent: {
    partners: [
      { name: 'MediaAlpha, Inc.', role: ROLES.marketplace },
      { name: 'QuoteWizard.com, LLC', role: ROLES.marketplace },
      { name: 'Progressive Direct Insurance Company', role: ROLES.carrier },
      { name: 'GEICO General Insurance Company', role: ROLES.carrier },
      { name: 'Allstate Fire and Casualty Insurance Company', role: ROLES.carrier },
    ],
  },
} satisfies Brand;
