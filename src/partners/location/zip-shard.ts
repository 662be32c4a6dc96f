/**
 * One shard of the shipped zip data set (public/data/zips/{first 3 digits}.json, built by
 * scripts/data/build-zips.ts): zip to [city, state code, county].
 */
import { z } from 'zod';

export const zipShardSchema = z.record(
  z.string().regex(/^\d{5}$/),
  z.tuple([z.string().min(1), z.string().regex(/^[A-Z]{2}$/), z.string().min(1)]),
);

export function zipShardPath(zip: string): string {
  return `/data/zips/${zip.slice(0, 3)}.json`;
}
