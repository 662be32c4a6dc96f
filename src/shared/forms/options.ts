/**
 * The choices the forms offer, with English and Spanish labels. Values are the spec's
 * enumerations verbatim (src/shared/lead/enums.ts); options.unit.test.ts checks that every
 * value here parses with the lead schema and that no enumeration value is missing. They are
 * spelled out here, not imported, so the browser bundle carries no zod.
 */
import type { Option } from './types';

const o = (value: string, english: string, spanish: string): Option => ({ value, label: { english, spanish } });

export const YES_NO: readonly Option[] = [o('1', 'Yes', 'Sí'), o('0', 'No', 'No')];

export const GENDER_OPTIONS: readonly Option[] = [
  o('male', 'Male', 'Masculino'),
  o('female', 'Female', 'Femenino'),
  o('non-binary', 'Non-binary', 'No binario'),
];

export const MARITAL_STATUS_OPTIONS: readonly Option[] = [
  o('single', 'Single', 'Soltero/a'),
  o('married', 'Married', 'Casado/a'),
  o('divorced', 'Divorced', 'Divorciado/a'),
  o('separated', 'Separated', 'Separado/a'),
  o('widowed', 'Widowed', 'Viudo/a'),
  o('domestic partner', 'Domestic partner', 'Pareja de hecho'),
  o('unknown', 'Prefer not to say', 'Prefiero no decirlo'),
];

/** A second or third driver's relation to driver 1 (src/shared/lead/enums.ts RELATIONSHIPS). */
export const RELATIONSHIP_OPTIONS: readonly Option[] = [
  o('spouse', 'Spouse or partner', 'Cónyuge o pareja'),
  o('child', 'Child', 'Hijo/a'),
  o('parent', 'Parent', 'Padre o madre'),
  o('sibling', 'Sibling', 'Hermano/a'),
  o('other', 'Other', 'Otro'),
];

/**
 * The insurers most US drivers have (the largest private-passenger auto writers), shown as tiles
 * above the whole list (src/shared/lead/insurers.ts spells each; forms.unit.test.ts checks it).
 */
export const COMMON_INSURERS: readonly string[] = [
  'State Farm',
  'Progressive',
  'GEICO',
  'Allstate',
  'USAA',
  'Liberty Mutual',
  'Farmers',
  'Nationwide',
];

export const CREDIT_RATING_OPTIONS: readonly Option[] = [
  o('excellent', 'Excellent (720+)', 'Excelente (720+)'),
  o('good', 'Good (680-719)', 'Buena (680-719)'),
  o('average', 'Average (640-679)', 'Promedio (640-679)'),
  o('fair', 'Fair (580-639)', 'Regular (580-639)'),
  o('poor', 'Poor (below 580)', 'Mala (menos de 580)'),
];

export const LICENSE_STATUS_OPTIONS: readonly Option[] = [
  o('active', 'Active', 'Vigente'),
  o('expired', 'Expired', 'Vencida'),
  o('international', 'International', 'Internacional'),
  o('learner', 'Learner', 'De aprendiz'),
  o('none', 'No license', 'Sin licencia'),
  o('other', 'Other', 'Otra'),
  o('permit', 'Permit', 'Permiso'),
  o('probation', 'Probation', 'En período de prueba'),
  o('restricted', 'Restricted', 'Restringida'),
  o('revoked', 'Revoked', 'Revocada'),
  o('suspended', 'Suspended', 'Suspendida'),
  o('temporary', 'Temporary', 'Temporal'),
];

/**
 * A whole number of US dollars as US pages write it ("$25,000"), by plain string work: this list
 * is built when the form's code is evaluated, on every form page, and the first use of Intl
 * (`toLocaleString`) in a page loads the ICU locale data, one long main-thread task of its own
 * (docs/decisions/0347-no-intl-when-the-form-code-loads.md).
 */
export function usDollars(whole: string): string {
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/**
 * The final-expense range, as the lead's COVERAGE_AMOUNTS (src/shared/lead/enums.ts; the same
 * list, checked by forms.unit.test.ts): a literal here so the form's code carries no zod.
 */
export const COVERAGE_AMOUNT_OPTIONS: readonly Option[] = ['5000', '10000', '15000', '25000', '50000'].map((value) => {
  const dollars = usDollars(value);
  return o(value, dollars, dollars);
});

export const MONTH_OPTIONS: readonly Option[] = [
  ['January', 'enero'],
  ['February', 'febrero'],
  ['March', 'marzo'],
  ['April', 'abril'],
  ['May', 'mayo'],
  ['June', 'junio'],
  ['July', 'julio'],
  ['August', 'agosto'],
  ['September', 'septiembre'],
  ['October', 'octubre'],
  ['November', 'noviembre'],
  ['December', 'diciembre'],
].map(([english, spanish], i) => o(String(i + 1), english ?? '', spanish ?? ''));
