import type { Language } from '../../routes/schema';
import type { FieldDef, FieldKind, Localized } from './types';

/** Form chrome strings (only those in use: they ship to the browser with the form island). */
const MESSAGES = {
  english: {
    continue: 'Continue',
    finish: 'Send my request',
    skip: 'Skip',
    back: 'Back',
    sending: 'Saving…',
    select: 'Select…',
    stepOf: 'Step {n} of {total}',
    month: 'Month',
    day: 'Day',
    year: 'Year',
    networkError: 'We could not save your answer. Check your connection and try again.',
    limited:
      'Too many requests from this connection just now. Please wait a minute and try again; your answers stay here.',
    blocked: 'Please answer the question above to continue.',
    typoNote: 'Fix it above, or continue without it.',
    withoutTel: 'Continue without a phone number',
    withoutEmail: 'Continue without an email',
    withoutDate: 'Continue without a date of birth',
    withoutMany: 'Continue without these answers',
  },
  spanish: {
    continue: 'Continuar',
    finish: 'Enviar mi solicitud',
    skip: 'Omitir',
    back: 'Atrás',
    sending: 'Guardando…',
    select: 'Seleccione…',
    stepOf: 'Paso {n} de {total}',
    month: 'Mes',
    day: 'Día',
    year: 'Año',
    networkError: 'No pudimos guardar su respuesta. Revise su conexión e inténtelo de nuevo.',
    limited:
      'Demasiadas solicitudes desde esta conexión en este momento. Espere un minuto e inténtelo de nuevo; sus respuestas se quedan aquí.',
    blocked: 'Responda la pregunta de arriba para continuar.',
    typoNote: 'Corríjalo arriba, o continúe sin él.',
    withoutTel: 'Continuar sin número de teléfono',
    withoutEmail: 'Continuar sin correo electrónico',
    withoutDate: 'Continuar sin fecha de nacimiento',
    withoutMany: 'Continuar sin estas respuestas',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type FormMessages = { readonly [K in keyof (typeof MESSAGES)['english']]: string };

export function formMessages(language: Language): FormMessages {
  return MESSAGES[language];
}

/**
 * One plain, kind message per problem, saying what to do (the spec's generic
 * "{field} is not valid." blamed the visitor and said nothing). `missing` covers an empty or
 * malformed answer; `unknown` a well-formed ZIP code the shipped ZIP data does not hold, or a
 * vehicle make or model not on the vehicle data set's lists.
 * The island and the server-rendered page (a form posted without JavaScript) both use this.
 */
export type FieldProblem = 'missing' | 'unknown';

const l = (english: string, spanish: string): Localized => ({ english, spanish });

const BY_KIND: Record<FieldKind, Localized> = {
  zip: l('Enter your 5-digit ZIP code.', 'Escriba su código postal de 5 dígitos.'),
  text: l('Enter an answer for “{field}”.', 'Escriba una respuesta para «{field}».'),
  email: l('Enter an email address like name@example.com.', 'Escriba un correo electrónico como nombre@ejemplo.com.'),
  tel: l(
    'Enter a 10-digit phone number, like (555) 555-5555.',
    'Escriba un número de teléfono de 10 dígitos, como (555) 555-5555.',
  ),
  yesno: l('Choose Yes or No.', 'Elija Sí o No.'),
  radio: l('Choose one answer for “{field}”.', 'Elija una respuesta para «{field}».'),
  select: l('Choose one answer for “{field}”.', 'Elija una respuesta para «{field}».'),
  'date-parts': l(
    'Enter the date of birth: month, day and 4-digit year.',
    'Escriba la fecha de nacimiento: mes, día y año de 4 dígitos.',
  ),
  'vehicle-year': l('Choose the vehicle’s year.', 'Elija el año del vehículo.'),
  'vehicle-make': l('Choose the vehicle’s make.', 'Elija la marca del vehículo.'),
  'vehicle-model': l('Choose or type the vehicle’s model.', 'Elija o escriba el modelo del vehículo.'),
};

const UNKNOWN_ZIP = l(
  'We don’t recognize that ZIP code. Check the 5 digits and try again.',
  'No reconocemos ese código postal. Revise los 5 dígitos e inténtelo de nuevo.',
);

const UNLISTED: Partial<Record<FieldKind, Localized>> = {
  'vehicle-make': l(
    'That make is not on our list. Choose one of the listed makes.',
    'Esa marca no está en nuestra lista. Elija una de las marcas de la lista.',
  ),
  'vehicle-model': l(
    'That model is not on our list for this make and year. Choose one of the listed models.',
    'Ese modelo no está en nuestra lista para esta marca y año. Elija uno de los modelos de la lista.',
  ),
};

export function problemMessage(
  field: Pick<FieldDef, 'kind' | 'label' | 'problem' | 'ages'>,
  language: Language,
  problem: FieldProblem = 'missing',
): string {
  // A well-formed date outside the product's ages: the message names them.
  if (problem === 'unknown' && field.ages) return field.ages.message[language];
  if (problem === 'unknown' && field.kind === 'zip') return UNKNOWN_ZIP[language];
  const unlisted = problem === 'unknown' ? UNLISTED[field.kind] : undefined;
  if (unlisted) return unlisted[language];
  const text = (field.problem ?? BY_KIND[field.kind])[language];
  return text.replace('{field}', field.label[language]);
}
