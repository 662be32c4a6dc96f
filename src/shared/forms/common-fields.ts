/** Field definitions several forms share, so a label is written once. */
import type { FormValues } from '../json';
import type { FieldDef, Localized, StepDef } from './types';
import { YES_NO } from './options';

export const l = (english: string, spanish: string): Localized => ({ english, spanish });

export const zipField: FieldDef = {
  name: 'zipcode',
  kind: 'zip',
  label: l('ZIP code', 'Código postal'),
  hint: l('5 digits, where you live', '5 dígitos, donde vive'),
  autoComplete: 'postal-code',
};

export function nameFields(first: string, last: string): FieldDef[] {
  return [
    {
      name: first,
      kind: 'text',
      label: l('First name', 'Nombre'),
      problem: l('Enter a first name.', 'Escriba un nombre.'),
      autoComplete: 'given-name',
    },
    {
      name: last,
      kind: 'text',
      label: l('Last name', 'Apellido'),
      problem: l('Enter a last name.', 'Escriba un apellido.'),
      autoComplete: 'family-name',
    },
  ];
}

export function phoneField(name: string, optional = false): FieldDef {
  return {
    name,
    kind: 'tel',
    label: optional ? l('Phone number (optional)', 'Teléfono (opcional)') : l('Phone number', 'Número de teléfono'),
    hint: l('Format: (555) 555-5555', 'Formato: (555) 555-5555'),
    autoComplete: 'tel-national',
  };
}

export function emailField(name: string): FieldDef {
  return { name, kind: 'email', label: l('Email (optional)', 'Correo electrónico (opcional)'), autoComplete: 'email' };
}

export function yesNo(name: string, label: Localized): FieldDef {
  return { name, kind: 'yesno', label, options: YES_NO };
}

/**
 * A step asked unless `field` was answered no (a yes/no field): the insurer is asked of a visitor
 * insured today, or one who did not say (they may have been insured most recently).
 */
export function askedUnlessNo(field: string): (values: FormValues) => boolean {
  return (values) => {
    const value = values[field];
    return !(value === false || value === 0 || value === '0');
  };
}

export const zipStep = (title: Localized): StepDef => ({
  name: 'zip',
  title,
  fields: [zipField],
  required: ['zipcode'],
});

/**
 * The last two steps of the Medicare and life forms: who the agent asks for, and the number
 * to call with the consent disclosure beside it. With `optionalContact` (Medicare: the
 * spec's Medicare lead has no phone or email) the contact step asks nothing required and can
 * be skipped; it stays the last step, so the consent sits on the submit that sends the lead on.
 */
export function callBackSteps(options: { optionalContact?: boolean } = {}): StepDef[] {
  const optional = options.optionalContact === true;
  return [
    {
      name: 'name',
      title: l('Who should the agent ask for?', '¿Por quién debe preguntar el agente?'),
      fields: nameFields('firstName', 'lastName'),
      required: ['firstName'],
    },
    {
      name: 'contact',
      // One line on a phone: the step, its consent and its button fit one screen.
      title: l('Your best phone number', 'Su mejor número de teléfono'),
      fields: [phoneField('phone', optional), emailField('email')],
      ...(optional ? { skippable: true } : { required: ['phone'] }),
      consent: true,
    },
  ];
}
