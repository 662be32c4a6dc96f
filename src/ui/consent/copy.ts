/** Chrome strings of the pages and notices, in both page languages. */
import type { Language } from '../../routes/schema';

const COPY = {
  english: {
    doNotSell: 'Do not sell or share my personal information',
    partners: 'Companies that may contact you',
    yourData: 'Your data',
    tpmoLabel: 'Important Medicare information',
    /** In place of the agent notice on a finish whose request went to no company (see tpmo-notice.tsx). */
    tpmoAgentKept:
      'Your information from this request was not given to a licensed insurance agent, so no agent will contact you about it.',
    sellersLegend: 'Tick each company that may contact me:',
    /** A Medicare company's box says what ticking it does. */
    sellerShare: 'Share my information with, and be contacted by, {company}',
    /** The note under the consent in view: supplementary, not part of what is attested. */
    consentMore: 'Texts, opting out, and if I tick no box',
    consentMoreText:
      'Message and data rates may apply. I can opt out at any time by replying STOP to a text or by telling the caller. My information will be given to a licensed insurance agent who will contact me. If I tick no box, my information is not shared with any of these companies and I can call the number shown.',
    consentRenewed:
      'The wording of this consent changed after this page was opened. Please read it and tick again the companies that may contact you.',
    sellersNone:
      'You may leave every box unticked: your information is then not shared and you can call the number shown.',
    fullConsent: 'Full consent text',
  },
  spanish: {
    doNotSell: 'No vender ni compartir mi información personal',
    partners: 'Compañías que pueden comunicarse con usted',
    yourData: 'Sus datos',
    tpmoLabel: 'Información importante sobre Medicare',
    tpmoAgentKept:
      'Su información de esta solicitud no se entregó a un agente de seguros con licencia, así que ningún agente se comunicará con usted por ella.',
    sellersLegend: 'Marque cada compañía que puede contactarme:',
    sellerShare: 'Compartir mis datos con {company} y que me contacte',
    consentMore: 'Mensajes, cancelar, y si no marco ninguna',
    consentMoreText:
      'Pueden aplicarse tarifas de mensajes y datos. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame. Mi información se entregará a un agente de seguros con licencia que se comunicará conmigo. Si no marco ninguna casilla, mi información no se comparte con ninguna de estas compañías y puedo llamar al número que se muestra.',
    consentRenewed:
      'El texto de este consentimiento cambió después de abrir esta página. Léalo y marque de nuevo las compañías que pueden contactarle.',
    sellersNone:
      'Puede dejar todas las casillas sin marcar: su información no se comparte y puede llamar al número que se muestra.',
    fullConsent: 'Texto completo',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ConsentCopy = { readonly [K in keyof (typeof COPY)['english']]: string };

export function consentCopy(language: Language): ConsentCopy {
  return COPY[language];
}
