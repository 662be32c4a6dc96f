/**
 * Location of a visitor's zip (spec section 7, call 5): the shipped zip data set behind a KV
 * cache. The GET /api/location route lives with the other partner routes.
 */
export {
  lookupZip,
  zipCacheKey,
  ZIP_CACHE_TTL_SECONDS,
  ZIP_MISS_TTL_SECONDS,
  type ZipLocation,
  type ZipLookupDeps,
} from './zip-lookup';
export { zipShardPath, zipShardSchema } from './zip-shard';
