/** Chrome strings of the pages and notices, in both page languages. */
import type { Language } from '../../routes/schema';

const COPY = {
  english: {
    doNotSell: 'Do not sell or share my personal information',
    partners: 'Companies that may contact you',
    yourData: 'Your data',
    tpmoLabel: 'Important Medicare information',
    sellersLegend: 'Companies that may receive my information and contact me (tick each one you agree to):',
    sellersNone:
      'You may leave every box unticked: your information is then not shared and you can call the number shown.',
  },
  spanish: {
    doNotSell: 'No vender ni compartir mi información personal',
    partners: 'Compañías que pueden comunicarse con usted',
    yourData: 'Sus datos',
    tpmoLabel: 'Información importante sobre Medicare',
    sellersLegend: 'Compañías que pueden recibir mi información y comunicarse conmigo (marque cada una que acepte):',
    sellersNone:
      'Puede dejar todas las casillas sin marcar: su información no se comparte y puede llamar al número que se muestra.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ConsentCopy = { readonly [K in keyof (typeof COPY)['english']]: string };

export function consentCopy(language: Language): ConsentCopy {
  return COPY[language];
}
