import type { Brand } from './schema';

export default {
  id: 'ac',
  name: 'Advisor Compass',
  hostnames: ['advisorcompass.com', 'www.advisorcompass.com'],
  favicon: '/favicons/ac.svg',
  tagManagerId: 'GTM-AC5T8NB',
  defaultPhone: '18005550112',
  defaultProduct: 'medicare',
  defaultLanguage: 'english',
  theme: { primary: '#1b3a5c', primaryText: '#ffffff', accent: '#d98e04' },
  mediaalpha: { placementIds: { medicare: 'acMedicare0000000000000000001a', auto: 'acAuto00000000000000000000001a' }, defaultAffiliateId: 'ac-direct' },
} satisfies Brand;
