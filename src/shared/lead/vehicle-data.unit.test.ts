import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLeadValues } from './fields';
import {
  type VehicleIndex,
  vehicleIndexPath,
  vehicleIndexSchema,
  type VehicleYear,
  vehicleYearPath,
  vehicleYearSchema,
} from './vehicle-data';

/** The shipped files, read through the Worker's static-assets binding as the form reads them. */
async function asset(path: string): Promise<unknown> {
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${path}`));
  expect(response.status, path).toBe(200);
  return response.json();
}

let index: VehicleIndex;
const years = new Map<number, VehicleYear>();

beforeAll(async () => {
  index = vehicleIndexSchema.parse(await asset(vehicleIndexPath()));
  for (const year of index.years) years.set(year, vehicleYearSchema.parse(await asset(vehicleYearPath(year))));
});

function models(year: number, make: string): string[] {
  return years.get(year)?.[make] ?? [];
}

describe('shipped vehicle data set (at least 30 model years, nearly all US makes)', () => {
  it('covers at least 30 consecutive model years, newest first', () => {
    expect(index.years.length).toBeGreaterThanOrEqual(30);
    index.years.forEach((year, i) => {
      if (i > 0) expect(year).toBe((index.years[i - 1] ?? 0) - 1);
    });
    expect(index.years).toContain(2000);
    expect(index.years[0]).toBeGreaterThanOrEqual(2026);
  });

  it('lists the makes that account for nearly all US registrations', () => {
    const major = [
      'Toyota',
      'Ford',
      'Chevrolet',
      'Honda',
      'Nissan',
      'Jeep',
      'Hyundai',
      'Kia',
      'Subaru',
      'GMC',
      'Ram',
      'Dodge',
      'Tesla',
      'BMW',
      'Mercedes-Benz',
      'Volkswagen',
      'Mazda',
      'Lexus',
      'Audi',
      'Buick',
      'Cadillac',
      'Chrysler',
      'Acura',
      'Lincoln',
      'Volvo',
      'Mitsubishi',
      'Infiniti',
      'Porsche',
      'Land Rover',
      'Genesis',
      'MINI',
      'Rivian',
      'Pontiac',
      'Saturn',
      'Mercury',
    ];
    for (const make of major) expect(index.makes, make).toContain(make);
    expect(index.makes.length).toBeGreaterThanOrEqual(40);
  });

  it('has a file for every indexed year whose makes are all in the index', () => {
    expect(years.size).toBe(index.years.length);
    for (const [year, makes] of years) {
      expect(Object.keys(makes).length, String(year)).toBeGreaterThanOrEqual(10);
      for (const make of Object.keys(makes)) expect(index.makes).toContain(make);
    }
  });

  it('holds real models in the years they were sold', () => {
    expect(models(2010, 'Toyota')).toContain('Camry');
    expect(models(1996, 'Honda')).toContain('Accord');
    expect(models(2005, 'Ford')).toContain('F-150');
    expect(models(2024, 'Tesla')).toEqual(expect.arrayContaining(['Model 3', 'Model Y']));
    expect(models(2023, 'Rivian')).toContain('R1T');
    expect(models(2008, 'Pontiac')).toContain('G6');
    expect(models(2012, 'Scion')).toContain('tC');
  });

  it('ends discontinued models instead of running them to the newest year', () => {
    expect(models(2019, 'Ford')).toContain('Fiesta');
    expect(models(2022, 'Ford')).not.toContain('Fiesta');
    expect(models(2005, 'Toyota')).toContain('Celica');
    expect(models(2015, 'Toyota')).not.toContain('Celica');
    expect(index.makes).toContain('Pontiac');
    expect(years.get(2015)?.Pontiac).toBeUndefined();
  });

  it('has only makes and models the lead accepts (trimmed, 1-50 characters), no duplicate models', () => {
    for (const [year, makes] of years) {
      for (const [make, list] of Object.entries(makes)) {
        expect(new Set(list.map((model) => model.toLowerCase())).size, `${year} ${make}`).toBe(list.length);
        for (const model of list) {
          const lead = parseLeadValues('auto', { vehicle1Year: year, vehicle1Make: make, vehicle1Model: model });
          expect(lead, `${year} ${make} ${model}`).toEqual({
            vehicle1Year: year,
            vehicle1Make: make,
            vehicle1Model: model,
          });
        }
      }
    }
  });
});
