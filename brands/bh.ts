import type { Brand } from './schema';

export default {
  id: 'bh',
  name: 'Benefit Helpers',
  hostnames: ['benefithelpers.com', 'www.benefithelpers.com'],
  favicon: '/favicons/bh.svg',
  tagManagerId: 'GTM-BH4K2Q7',
  defaultPhone: '18005550101',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#0b5cab', primaryText: '#ffffff', accent: '#f4b400' },
  mediaalpha: { placementIds: { medicare: 'bhMedicare0000000000000000001a', life: 'bhLife000000000000000000000001' }, defaultAffiliateId: 'bh-direct' },
} satisfies Brand;
