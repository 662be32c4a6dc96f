/**
 * Ad listing pages ('clicks' template): a list of partner offers the visitor clicks through
 * to. No form of our own, so no demand check and no exit dialog.
 */
import { family, type PageCopy } from './family';

const medicareOffers: PageCopy = {
  title: 'Compare Medicare plan offers',
  description: 'Browse Medicare plan offers from insurance companies and licensed agencies that serve your area.',
  headline: 'Medicare plan offers available in your area',
  subheadline: "Select an offer to see plan details on the provider's site.",
  body: [
    "The offers below come from insurance carriers and licensed agencies. Each one opens on the provider's own site, where you can review plans, networks and costs.",
    'We may be paid when you select an offer. Plans and benefits vary by location; not every plan is available in every area.',
  ],
};

const medicareOffersEs: PageCopy = {
  title: 'Compare ofertas de planes Medicare',
  description: 'Vea ofertas de planes Medicare de compañías de seguros y agencias con licencia que atienden su zona.',
  headline: 'Ofertas de planes Medicare disponibles en su zona',
  subheadline: 'Seleccione una oferta para ver los detalles en el sitio del proveedor.',
  body: [
    'Las ofertas vienen de compañías de seguros y agencias con licencia. Cada una se abre en el sitio del proveedor, donde puede revisar planes, redes y costos.',
    'Es posible que recibamos un pago cuando usted selecciona una oferta. Los planes y beneficios varían según la zona.',
  ],
};

const autoOffers: PageCopy = {
  title: 'Compare car insurance offers',
  description: 'Compare car insurance offers from carriers and agencies that write policies in your state.',
  headline: 'Car insurance offers for drivers in your area',
  subheadline: 'Select a few offers and compare quotes side by side.',
  body: [
    'Rates for the same driver can differ by hundreds of dollars between insurers. Checking more than one quote is the simplest way to see whether you could pay less.',
    'We may be paid when you select an offer. Quotes depend on your driving record, vehicle, location and the coverage you choose.',
  ],
};

export const clicksPages = [
  ...family({
    product: 'medicare',
    template: 'clicks',
    copy: medicareOffers,
    copyEs: medicareOffersEs,
    benefits: ['dental', 'vision', 'otc'],
    planTypes: ['Medicare Advantage', 'Medicare Supplement', 'Part D'],
    variants: [
      'ads',
      'ads-es',
      'clicks',
      {
        name: 'search-results-z5d',
        title: 'Medicare plan search results',
        headline: 'Your Medicare plan search results',
      },
    ],
  }),
  ...family({
    product: 'auto',
    template: 'clicks',
    copy: autoOffers,
    benefits: [],
    planTypes: ['Auto'],
    variants: [
      'clicks-auto',
      { name: 'compare-auto-clicks', headline: 'Compare auto insurance offers in one place' },
      { name: 'compare-auto-new-clicks', headline: 'New car or new policy? Compare offers first' },
      { name: 'compare-now-n2g-clicks', headline: 'Compare car insurance now and see who offers less' },
    ],
  }),
];
