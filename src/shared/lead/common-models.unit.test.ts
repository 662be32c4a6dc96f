import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MODELS, MODEL_TILES, modelTiles } from './common-models';
import {
  vehicleIndexPath,
  vehicleIndexSchema,
  vehicleYearPath,
  vehicleYearSchema,
  type VehicleYear,
} from './vehicle-data';

/** The shipped data set, read through the static-assets binding as the form reads it. */
async function asset(path: string): Promise<unknown> {
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${path}`));
  expect(response.status, path).toBe(200);
  return response.json();
}

const years = new Map<number, VehicleYear>();
beforeAll(async () => {
  const index = vehicleIndexSchema.parse(await asset(vehicleIndexPath()));
  for (const year of index.years) years.set(year, vehicleYearSchema.parse(await asset(vehicleYearPath(year))));
});

describe('model tiles for every make', () => {
  it('every make a year lists with more models than tiles has common models, spelled as the data set spells them', () => {
    const everModel = new Map<string, Set<string>>();
    for (const data of years.values())
      for (const [make, models] of Object.entries(data)) {
        const seen = everModel.get(make) ?? new Set<string>();
        for (const m of models) seen.add(m);
        everModel.set(make, seen);
      }
    for (const [year, data] of years)
      for (const [make, models] of Object.entries(data))
        if (models.length > MODEL_TILES) expect(COMMON_MODELS[make], `${make} ${year}`).toBeDefined();
    for (const [make, models] of Object.entries(COMMON_MODELS))
      for (const m of models) expect(everModel.get(make)?.has(m), `${make} ${m}`).toBe(true);
  });

  it('a recent year of a long make offers its common models as tiles: one tap for the usual car', () => {
    const year = years.get(2022);
    expect(year).toBeDefined();
    for (const make of ['Toyota', 'Ford', 'Chevrolet', 'Nissan', 'Hyundai']) {
      const tiles = modelTiles(make, year?.[make] ?? []);
      expect(tiles.length, make).toBeGreaterThanOrEqual(5);
      expect(tiles[0], make).toBe(COMMON_MODELS[make]?.find((m) => year?.[make]?.includes(m)));
    }
    expect(modelTiles('Toyota', year?.Toyota ?? [])).toContain('Camry');
  });

  it('a short list is all tiles; an unknown long make has none', () => {
    expect(modelTiles('Honda', ['Accord', 'Civic'])).toEqual(['Accord', 'Civic']);
    expect(
      modelTiles(
        'Nope',
        Array.from({ length: 20 }, (_, i) => `M${i}`),
      ),
    ).toEqual([]);
  });
});
