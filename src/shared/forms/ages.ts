/**
 * A product's ages (final expense: 50 to 85): the fields of a step whose date of birth, as
 * kept (yyyy-MM-dd), gives an age outside the field's range on `now`. The island and the Worker
 * both refuse those answers with the field's message, as they refuse an unknown ZIP code: the
 * visitor typed the date, so it is neither kept nor dropped unsaid.
 */
import type { FormScalar, FormValues } from '../json';
import { stepFields } from './engine';
import type { FieldDef, StepDef } from './types';

/** Whole years from the yyyy-MM-dd birth date to `now` (UTC), or undefined for another shape. */
export function ageOn(birth: string, now: Date): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (before ? 1 : 0);
}

/** True when the field takes only some ages and the kept date gives another (or cannot be read). */
export function outsideFieldAges(field: FieldDef, value: FormScalar | undefined, now: Date): boolean {
  if (!field.ages || typeof value !== 'string') return false;
  const age = ageOn(value, now);
  return age === undefined || age < field.ages.min || age > field.ages.max;
}

export function outsideAges(step: StepDef, submitted: FormValues, now: Date): string[] {
  return stepFields(step)
    .filter((field) => outsideFieldAges(field, submitted[field.name], now))
    .map((field) => field.name);
}
