/**
 * Vehicle answers are taken only from the shipped vehicle data set (public/data/vehicles): the
 * form's year, make and model questions offer its lists, and a make or model that is not on
 * them (typed into the typeahead, or posted by hand) is refused with a message instead of being
 * kept. A value is judged against the list the visitor's other answers choose: a make against
 * the year's makes (every make when the year is not given), a model against the make's models
 * in that year. With no list to judge by (no make, or the data unreachable), nothing is refused.
 */
import type { Context } from 'hono';
import type { FieldDef } from '../../shared/forms';
import type { FormValues } from '../../shared/json';
import {
  vehicleIndexSchema,
  vehicleIndexPath,
  vehicleYearPath,
  vehicleYearSchema,
  type VehicleIndex,
  type VehicleYear,
} from '../../shared/lead/vehicle-data';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';

const years = new Map<number, Promise<VehicleYear | null>>();
let index: Promise<VehicleIndex | null> | undefined;

/** A file of the data set from the static assets, parsed; null when it is missing or unreadable. */
async function readAsset<T>(env: AppEnv['Bindings'], path: string, parse: (data: unknown) => T): Promise<T | null> {
  try {
    const res = await env.ASSETS.fetch(new Request(`https://assets.local${path}`));
    return res.ok ? parse(await res.json()) : null;
  } catch (error) {
    logJson('warn', 'vehicle data unavailable for a step check', {
      where: 'funnel.vehicles',
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

function yearData(env: AppEnv['Bindings'], year: number): Promise<VehicleYear | null> {
  let pending = years.get(year);
  if (!pending) {
    pending = readAsset(env, vehicleYearPath(year), (d) => vehicleYearSchema.parse(d));
    // A miss is not kept: the next check asks again.
    void pending.then((data) => {
      if (!data) years.delete(year);
    });
    years.set(year, pending);
  }
  return pending;
}

function indexData(env: AppEnv['Bindings']): Promise<VehicleIndex | null> {
  index ??= readAsset(env, vehicleIndexPath(), (d) => vehicleIndexSchema.parse(d)).then((data) => {
    if (!data) index = undefined;
    return data;
  });
  return index;
}

/** The names of the step's make and model answers that are not on the data set's lists. */
export async function unlistedVehicleFields(
  c: Context<AppEnv>,
  fields: readonly Pick<FieldDef, 'name' | 'kind'>[],
  values: FormValues,
): Promise<string[]> {
  const unlisted: string[] = [];
  for (const field of fields) {
    if (field.kind !== 'vehicle-make' && field.kind !== 'vehicle-model') continue;
    const value = values[field.name];
    if (typeof value !== 'string') continue;
    const prefix = field.name.replace(/(Make|Model)$/, '');
    const year = values[`${prefix}Year`];
    const data = typeof year === 'number' ? await yearData(c.env, year) : null;
    if (field.kind === 'vehicle-make') {
      const makes = data ? Object.keys(data) : (await indexData(c.env))?.makes;
      if (makes && !makes.includes(value)) unlisted.push(field.name);
    } else {
      const make = values[`${prefix}Make`];
      const models = data && typeof make === 'string' ? data[make] : undefined;
      if (models && !models.includes(value)) unlisted.push(field.name);
    }
  }
  return unlisted;
}
