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
} satisfies Brand;
