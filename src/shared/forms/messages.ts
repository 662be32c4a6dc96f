import type { Language } from '../../routes/schema';

/** Form chrome strings. The validation message is the spec's generic default, '{field} is not valid.' */
const MESSAGES = {
  english: {
    invalid: '{field} is not valid.',
    continue: 'Continue',
    finish: 'Get my quote',
    skip: 'Skip',
    back: 'Back',
    sending: 'Saving…',
    select: 'Select…',
    stepOf: 'Step {n} of {total}',
    month: 'Month',
    day: 'Day',
    year: 'Year',
    make: 'Make',
    model: 'Model',
    networkError: 'We could not save your answer. Check your connection and try again.',
    blocked: 'Please answer the highlighted question to continue.',
    doneTitle: 'Thank you! Your request is in.',
    doneBody: 'A licensed agent can go over your options now. Call:',
    phoneLoading: 'Finding an available agent…',
  },
  spanish: {
    invalid: '{field} no es válido.',
    continue: 'Continuar',
    finish: 'Obtener mi cotización',
    skip: 'Omitir',
    back: 'Atrás',
    sending: 'Guardando…',
    select: 'Seleccione…',
    stepOf: 'Paso {n} de {total}',
    month: 'Mes',
    day: 'Día',
    year: 'Año',
    make: 'Marca',
    model: 'Modelo',
    networkError: 'No pudimos guardar su respuesta. Revise su conexión e inténtelo de nuevo.',
    blocked: 'Responda la pregunta resaltada para continuar.',
    doneTitle: '¡Gracias! Recibimos su solicitud.',
    doneBody: 'Un agente con licencia puede revisar sus opciones ahora. Llame al:',
    phoneLoading: 'Buscando un agente disponible…',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type FormMessages = { readonly [K in keyof (typeof MESSAGES)['english']]: string };

export function formMessages(language: Language): FormMessages {
  return MESSAGES[language];
}

/** Spec section 5: the generic validation message, with the field's label. */
export function invalidMessage(language: Language, fieldLabel: string): string {
  return MESSAGES[language].invalid.replace('{field}', fieldLabel);
}
