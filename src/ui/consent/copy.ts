/** Chrome strings of the pages and notices, in both page languages. */
import type { Language } from '../../routes/schema';

const COPY = {
  english: {
    doNotSell: 'Do not sell or share my personal information',
    partners: 'Companies that may contact you',
    yourData: 'Your data',
    tpmoLabel: 'Important Medicare information',
    sellersLegend: 'Tick each company that may contact me:',
    sellersNone:
      'You may leave every box unticked: your information is then not shared and you can call the number shown.',
    consentSummaryMedicare:
      'By pressing "{action}", I agree that the companies I tick may call and text me, also by automated means. Not a condition of purchase.',
    consentSummary:
      'By pressing "{action}", I agree that we and our partners may call and text me, also by automated means. Not a condition of purchase.',
    fullConsent: 'Full consent text',
  },
  spanish: {
    doNotSell: 'No vender ni compartir mi información personal',
    partners: 'Compañías que pueden comunicarse con usted',
    yourData: 'Sus datos',
    tpmoLabel: 'Información importante sobre Medicare',
    sellersLegend: 'Marque cada compañía que puede contactarme:',
    sellersNone:
      'Puede dejar todas las casillas sin marcar: su información no se comparte y puede llamar al número que se muestra.',
    consentSummaryMedicare:
      'Al pulsar "{action}", acepto que las compañías que marque me llamen y envíen mensajes, también automatizados. No es condición de compra.',
    consentSummary:
      'Al pulsar "{action}", acepto llamadas y mensajes nuestros y de nuestros socios, también automatizados. No es condición de compra.',
    fullConsent: 'Texto completo',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ConsentCopy = { readonly [K in keyof (typeof COPY)['english']]: string };

export function consentCopy(language: Language): ConsentCopy {
  return COPY[language];
}
