import type { Brand } from './schema';

export default {
  id: 'm10es',
  name: 'Medicare Ten en Español',
  hostnames: ['es.medicareten.com'],
  favicon: '/favicons/m10es.svg',
  tagManagerId: 'GTM-M10ES9T',
  defaultPhone: '18005550103',
  defaultProduct: 'medicare',
  defaultLanguage: 'spanish',
  theme: { primary: '#14507a', primaryText: '#ffffff', accent: '#e8762c' },
  mediaalpha: { placementIds: { medicare: 'm10esMedicare00000000000000001' }, defaultAffiliateId: 'm10es-direct' },
} satisfies Brand;
