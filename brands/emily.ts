import type { Brand } from './schema';

export default {
  id: 'emily',
  name: 'Ask Emily',
  hostnames: ['askemily.com', 'www.askemily.com'],
  favicon: '/favicons/emily.svg',
  tagManagerId: 'GTM-EML9Q3F',
  defaultPhone: '18005550111',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#a1306b', primaryText: '#ffffff', accent: '#3a7bd5' },
  mediaalpha: { placementIds: {}, defaultAffiliateId: 'emily-direct' },
} satisfies Brand;
