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
} satisfies Brand;
