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
} satisfies Brand;
