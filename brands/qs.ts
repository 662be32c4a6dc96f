import type { Brand } from './schema';

export default {
  id: 'qs',
  name: 'QuoteSenior',
  hostnames: ['quotesenior.com'],
  favicon: '/favicons/qs.svg',
  tagManagerId: 'GTM-QS3V6WE',
  defaultPhone: '18005550106',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#0e6e8c', primaryText: '#ffffff', accent: '#f28c28' },
  mediaalpha: { placementIds: { medicare: 'qsMedicare0000000000000000001a' }, defaultAffiliateId: 'qs-direct' },
} satisfies Brand;
