import type { Brand } from './schema';

export default {
  id: 'ayb',
  name: 'All Your Benefits',
  hostnames: ['allyourbenefits.com', 'www.allyourbenefits.com'],
  favicon: '/favicons/ayb.svg',
  tagManagerId: 'GTM-AYB5N8Q',
  defaultPhone: '18005550105',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#5a2d82', primaryText: '#ffffff', accent: '#ffb347' },
  mediaalpha: { placementIds: { medicare: 'aybMedicare000000000000000001a', life: 'aybLife00000000000000000000001' }, defaultAffiliateId: 'ayb-direct' },
} satisfies Brand;
