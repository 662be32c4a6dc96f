import { ROLES } from './consent';
import type { Brand } from './schema';

export default {
  id: 'tqg',
  name: 'The Quote Guide',
  hostnames: ['thequoteguide.com', 'www.thequoteguide.com'],
  favicon: '/favicons/tqg.svg',
  tagManagerId: 'GTM-TQG2H5J',
  defaultPhone: '18005550108',
  defaultProduct: 'auto',
  defaultLanguage: 'english',
  theme: { primary: '#1a4d8f', primaryText: '#ffffff', accent: '#2e9e5b' },
  mediaalpha: { placementIds: { auto: 'tqgAuto0000000000000000000001a' }, defaultAffiliateId: 'tqg-direct' },
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
