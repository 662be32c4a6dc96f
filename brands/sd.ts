import type { Brand } from './schema';

export default {
  id: 'sd',
  name: 'Senior Deals Daily',
  hostnames: ['seniordealsdaily.com'],
  favicon: '/favicons/sd.svg',
  tagManagerId: 'GTM-SD6Y1PC',
  defaultPhone: '18005550109',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#8a3b12', primaryText: '#ffffff', accent: '#2b7a78' },
  mediaalpha: { placementIds: { medicare: 'sdMedicare0000000000000000001a', life: 'sdLife000000000000000000000001' }, defaultAffiliateId: 'sd-direct' },
} satisfies Brand;
