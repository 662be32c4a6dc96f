/**
 * Brands are data: one record per code, parsed by the schema when this module loads,
 * so a bad record fails the build, the tests and `wrangler deploy --dry-run` alike.
 */
import { z } from 'zod';
import { brandSchema, type Brand, type BrandCode } from './schema';
import bh from './bh';
import m10 from './m10';
import m10es from './m10es';
import wc from './wc';
import ayb from './ayb';
import qs from './qs';
import ps from './ps';
import tqg from './tqg';
import sd from './sd';
import bridge from './bridge';
import emily from './emily';
import ac from './ac';

export * from './schema';

export const BRANDS: readonly Brand[] = z
  .array(brandSchema)
  .parse([bh, m10, m10es, wc, ayb, qs, ps, tqg, sd, bridge, emily, ac]);

const byCode = new Map<string, Brand>(BRANDS.map((b) => [b.id, b]));
const byHost = new Map<string, Brand>(BRANDS.flatMap((b) => b.hostnames.map((h) => [h, b] as const)));

export function brandByCode(code: string): Brand | undefined {
  return byCode.get(code);
}

/**
 * The brand a request is for. Production hostnames come from the records; local development
 * reaches a brand as {code}.localhost (any port), and *.workers.dev previews as {code}--*.
 */
export function brandForHost(host: string): Brand | undefined {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const exact = byHost.get(name);
  if (exact) return exact;
  const local = /^([a-z0-9]+)\.localhost$/.exec(name);
  if (local) return byCode.get(local[1] ?? '');
  const preview = /^([a-z0-9]+)--[a-z0-9.-]+\.workers\.dev$/.exec(name);
  if (preview) return byCode.get(preview[1] ?? '');
  return undefined;
}

export type { BrandCode };
