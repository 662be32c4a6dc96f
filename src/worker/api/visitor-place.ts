import type { Context } from 'hono';
import { z } from 'zod';
import { lookupGeo } from '../../partners/geo';
import type { IpLookup } from '../../shared/tracking/event-context';
import type { AppEnv } from '../env';
import { recall } from './partner-context';

/**
 * Where the visitor is, for partner calls: the stored location of the
 * visitor's resolved zip (GET /api/location, or the page render) when there is one, since a
 * zip the visitor typed beats the ip's, else the ip lookup (spec 7.1: zip, state and ip from
 * the geo lookup). The ip lookup itself is always returned for the ip and isp.
 */
export const storedLocationSchema = z.object({
  zip: z.string().regex(/^\d{5}$/),
  city: z.string(),
  stateCode: z.string().length(2),
  county: z.string(),
});
export type StoredLocation = z.infer<typeof storedLocationSchema>;

export interface VisitorPlace {
  zip: string | null;
  state: string | null;
  /** Where the zip came from, for logs and tests: the visitor's stored location or the ip lookup. */
  from: 'location' | 'geo';
  geo: IpLookup;
}

export async function visitorPlace(c: Context<AppEnv>): Promise<VisitorPlace> {
  const [geo, location] = await Promise.all([
    lookupGeo(c.req.raw, c.env),
    recall(c, 'location', storedLocationSchema).catch(() => null),
  ]);
  if (location) return { zip: location.zip, state: location.stateCode, from: 'location', geo };
  return { zip: geo.geo.postalCode, state: geo.geo.stateCode, from: 'geo', geo };
}
