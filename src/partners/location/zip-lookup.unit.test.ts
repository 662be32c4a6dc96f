import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { lookupZip, zipCacheKey, ZIP_CACHE_TTL_SECONDS, ZIP_MISS_TTL_SECONDS, type ZipLookupDeps } from './zip-lookup';

/** The real static-assets binding, counting the shard reads that reach it. */
function countingAssets(): { assets: ZipLookupDeps['assets']; paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    assets: {
      fetch: (input, init) => {
        paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return env.ASSETS.fetch(input, init);
      },
    },
  };
}

/** Seconds from now until the KV entry for this zip expires. */
async function secondsToExpiry(zip: string): Promise<number> {
  const { keys } = await env.CACHE.list({ prefix: zipCacheKey(zip) });
  const key = keys.find((entry) => entry.name === zipCacheKey(zip));
  expect(key?.expiration, `expiration of ${zip}`).toBeTypeOf('number');
  return (key?.expiration ?? 0) - Date.now() / 1000;
}

describe('lookupZip', () => {
  it('answers city, state and county from the shipped shard and caches it for 30 days', async () => {
    const { assets, paths } = countingAssets();
    const location = await lookupZip('90210', { assets, cache: env.CACHE });
    expect(location).toEqual({ zip: '90210', city: 'Beverly Hills', stateCode: 'CA', county: 'Los Angeles County' });
    expect(paths).toEqual(['/data/zips/902.json']);
    expect(await env.CACHE.get(zipCacheKey('90210'), 'json')).toEqual(location);
    const ttl = await secondsToExpiry('90210');
    expect(ttl).toBeGreaterThan(ZIP_CACHE_TTL_SECONDS - 120);
    expect(ttl).toBeLessThanOrEqual(ZIP_CACHE_TTL_SECONDS + 1);
  });

  it('serves a second lookup from KV without reading the shard', async () => {
    const first = countingAssets();
    await lookupZip('10001', { assets: first.assets, cache: env.CACHE });
    const second = countingAssets();
    expect(await lookupZip('10001', { assets: second.assets, cache: env.CACHE })).toEqual({
      zip: '10001',
      city: 'New York',
      stateCode: 'NY',
      county: 'New York County',
    });
    expect(second.paths).toEqual([]);
  });

  it('reads KV first: a cached answer wins over the data set', async () => {
    await env.CACHE.put(
      zipCacheKey('60601'),
      JSON.stringify({ zip: '60601', city: 'Cached City', stateCode: 'IL', county: 'Cook County' }),
    );
    const { assets, paths } = countingAssets();
    expect((await lookupZip('60601', { assets, cache: env.CACHE }))?.city).toBe('Cached City');
    expect(paths).toEqual([]);
  });

  it('ignores a corrupt or mismatched cache entry and answers from the data set', async () => {
    await env.CACHE.put(zipCacheKey('33101'), '{not json');
    await env.CACHE.put(
      zipCacheKey('30301'),
      JSON.stringify({ zip: '99999', city: 'Elsewhere', stateCode: 'ZZ', county: 'X' }),
    );
    expect(await lookupZip('33101', { assets: env.ASSETS, cache: env.CACHE })).toMatchObject({
      city: 'Miami',
      stateCode: 'FL',
      county: 'Miami-Dade County',
    });
    expect(await lookupZip('30301', { assets: env.ASSETS, cache: env.CACHE })).toMatchObject({
      city: 'Atlanta',
      stateCode: 'GA',
      county: 'Fulton County',
    });
  });

  it.each([
    ['02108', 'Boston', 'MA', 'Suffolk County'],
    ['70112', 'New Orleans', 'LA', 'Orleans Parish'],
    ['23220', 'Richmond', 'VA', 'City of Richmond'],
    ['99501', 'Anchorage', 'AK', 'Anchorage Municipality'],
    ['20001', 'Washington', 'DC', 'District of Columbia'],
    ['00501', 'Holtsville', 'NY', 'Suffolk County'],
    ['06103', 'Hartford', 'CT', 'Capitol Planning Region'],
    ['94105', 'San Francisco', 'CA', 'City and County of San Francisco'],
    ['99701', 'Fairbanks', 'AK', 'Fairbanks North Star Borough'],
  ])('names the county the way people say it: %s', async (zip, city, stateCode, county) => {
    expect(await lookupZip(zip, { assets: env.ASSETS, cache: env.CACHE })).toEqual({ zip, city, stateCode, county });
  });

  it.each(['9021', '902101', 'abcde', ' 90210', '90210 ', '90210-1234', ''])(
    'returns null for %j without touching KV or assets',
    async (zip) => {
      const { assets, paths } = countingAssets();
      const cache: ZipLookupDeps['cache'] = {
        get: () => Promise.reject(new Error('KV must not be read')),
        put: () => Promise.reject(new Error('KV must not be written')),
      };
      expect(await lookupZip(zip, { assets, cache })).toBeNull();
      expect(paths).toEqual([]);
    },
  );

  it('returns null for a zip missing from its shard and remembers the miss for a day', async () => {
    const { assets, paths } = countingAssets();
    // 90299 is not a zip, but 902 is a real shard.
    expect(await lookupZip('90299', { assets, cache: env.CACHE })).toBeNull();
    expect(paths).toEqual(['/data/zips/902.json']);
    expect(await env.CACHE.get(zipCacheKey('90299'), 'json')).toEqual({ missing: true });
    const ttl = await secondsToExpiry('90299');
    expect(ttl).toBeGreaterThan(ZIP_MISS_TTL_SECONDS - 120);
    expect(ttl).toBeLessThanOrEqual(ZIP_MISS_TTL_SECONDS + 1);

    const again = countingAssets();
    expect(await lookupZip('90299', { assets: again.assets, cache: env.CACHE })).toBeNull();
    expect(again.paths).toEqual([]);
  });

  it('returns null when no shard exists for the prefix', async () => {
    const { assets, paths } = countingAssets();
    expect(await lookupZip('00000', { assets, cache: env.CACHE })).toBeNull();
    expect(paths).toEqual(['/data/zips/000.json']);
    expect(await env.CACHE.get(zipCacheKey('00000'), 'json')).toEqual({ missing: true });
  });

  it('throws, and caches nothing, when the data cannot be read', async () => {
    const failing: ZipLookupDeps['assets'] = { fetch: () => Promise.resolve(new Response('boom', { status: 500 })) };
    await expect(lookupZip('94103', { assets: failing, cache: env.CACHE })).rejects.toThrow(/answered 500/);
    const malformed: ZipLookupDeps['assets'] = {
      fetch: () => Promise.resolve(Response.json({ '94105': ['San Francisco', 'California', 'San Francisco County'] })),
    };
    await expect(lookupZip('94103', { assets: malformed, cache: env.CACHE })).rejects.toThrow();
    expect(await env.CACHE.get(zipCacheKey('94103'))).toBeNull();
  });

  it('still answers when the cache write fails, and can defer the write to waitUntil', async () => {
    const brokenCache: ZipLookupDeps['cache'] = {
      get: () => Promise.resolve(null),
      put: () => Promise.reject(new Error('KV write limit')),
    };
    expect((await lookupZip('73301', { assets: env.ASSETS, cache: brokenCache }))?.stateCode).toBe('TX');

    const deferred: Promise<unknown>[] = [];
    const location = await lookupZip('98101', {
      assets: env.ASSETS,
      cache: env.CACHE,
      waitUntil: (p) => deferred.push(p),
    });
    expect(location?.city).toBe('Seattle');
    expect(deferred).toHaveLength(1);
    await Promise.all(deferred);
    expect(await env.CACHE.get(zipCacheKey('98101'), 'json')).toEqual(location);
  });
});
