/** Small pure helpers of the form island. */
import { MONTH_OPTIONS } from '../../../shared/forms/options';
import type { FieldDef, Option } from '../../../shared/forms/types';
import type { Inputs } from './inputs';

export function optionsFor(field: FieldDef, insurers: readonly string[] | null): readonly Option[] {
  if (field.kind === 'date-parts') return MONTH_OPTIONS;
  if (field.options === 'insurers')
    return (insurers ?? []).map((name) => ({ value: name, label: { english: name, spanish: name } }));
  return field.options ?? [];
}

export function newId(): string {
  return crypto.randomUUID();
}

/** The step named by the address, or the first step (a fallback when the name is unknown). */
export function stepFromPath(basePath: string, names: readonly string[]): { name: string; fallback: boolean } {
  const rest = location.pathname.startsWith(basePath)
    ? location.pathname.slice(basePath.length).replace(/^\/+|\/+$/g, '')
    : '';
  if (rest !== '' && names.includes(rest)) return { name: rest, fallback: false };
  return { name: names[0] ?? '', fallback: rest !== '' };
}

/** True while a date is partly typed: it is judged once all three parts are in. */
export function isPartial(field: FieldDef, inputs: Inputs): boolean {
  return (
    field.kind === 'date-parts' &&
    [`${field.name}Month`, `${field.name}Day`, `${field.name}Year`].some((n) => (inputs[n] ?? '').trim() === '')
  );
}
