/**
 * The page registry: every route of spec section 2, parsed and indexed once at module load.
 * A bad record, a duplicate name or path, or an unknown hook fails the Worker at start-up
 * (and `wrangler deploy --dry-run`, and the tests) instead of failing a visitor.
 */
import { z } from 'zod';
import { assertKnownHooks } from './checks';
import { autoLandingPages } from './families/auto-landing';
import { autoListingPages } from './families/auto-listings';
import { chatAdPages } from './families/chat-ad';
import { clicksPages } from './families/clicks';
import { dentalPages } from './families/dental';
import { fixedPages } from './families/fixed';
import { getYoursPages } from './families/get-yours';
import { givebackPages } from './families/giveback';
import { legalPages } from './families/legal';
import { lifePages } from './families/life';
import { medicareLandingPages } from './families/medicare-landing';
import { medicareListingPages } from './families/medicare-listings';
import { otcGroceryPages } from './families/otc-grocery';
import { snpPages } from './families/snp';
import { routeRecordSchema, type RouteRecord, type RouteRecordInput } from './schema';

export interface RouteMatch {
  route: RouteRecord;
  /** The form step named by the last path segment, if the route takes one. */
  step: string | undefined;
  params: Record<string, string>;
}

/** A route's path pattern split into its fixed part and its one optional trailing parameter. */
interface PathShape {
  base: string;
  param: 'step' | 'slug' | undefined;
}

export function pathShape(path: string): PathShape {
  const m = /^(.*)\/:(step|slug)\?$/.exec(path);
  if (!m) return { base: path, param: undefined };
  return { base: m[1] || '/', param: m[2] === 'step' ? 'step' : 'slug' };
}

/** Throws on a repeated name, path or base path (two patterns that would match the same URL). */
export function assertUniqueRoutes(routes: readonly Pick<RouteRecord, 'name' | 'path'>[]): void {
  const names = new Set<string>();
  const bases = new Map<string, string>();
  for (const { name, path } of routes) {
    if (names.has(name)) throw new Error(`Duplicate route name: ${name}`);
    names.add(name);
    const { base } = pathShape(path);
    const other = bases.get(base);
    if (other !== undefined) throw new Error(`Duplicate route path: ${path} (routes "${other}" and "${name}")`);
    bases.set(base, name);
  }
}

const records: RouteRecordInput[] = [
  ...fixedPages,
  ...legalPages,
  ...clicksPages,
  ...chatAdPages,
  ...medicareLandingPages,
  ...medicareListingPages,
  ...otcGroceryPages,
  ...givebackPages,
  ...dentalPages,
  ...snpPages,
  ...getYoursPages,
  ...autoLandingPages,
  ...autoListingPages,
  ...lifePages,
];

export const ROUTES: readonly RouteRecord[] = z.array(routeRecordSchema).parse(records);
assertUniqueRoutes(ROUTES);
assertKnownHooks(ROUTES);

interface Indexed {
  route: RouteRecord;
  param: PathShape['param'];
}

const byBase = new Map<string, Indexed>();
/** Catch-all routes (':slug?') by base, e.g. '/reviews'; they match any deeper path. */
const catchAll = new Map<string, Indexed>();
const byName = new Map<string, RouteRecord>();
const servedBy = new Map<RouteRecord, ReadonlySet<string>>();
for (const route of ROUTES) {
  const { base, param } = pathShape(route.path);
  byBase.set(base, { route, param });
  if (param === 'slug') catchAll.set(base, { route, param });
  byName.set(route.name, route);
  servedBy.set(route, new Set(route.brands));
}

function parentOf(path: string): { parent: string; last: string } | undefined {
  const cut = path.lastIndexOf('/');
  if (cut <= 0) return undefined; // '/x' has no parent page: '/' takes no step
  return { parent: path.slice(0, cut), last: path.slice(cut + 1) };
}

/**
 * The route for a URL path: the exact base path first, then the path minus its last segment
 * with that segment as the form step, then a catch-all on the first segment. Map lookups only.
 */
export function findRoute(pathname: string): RouteMatch | undefined {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const exact = byBase.get(path);
  if (exact) return { route: exact.route, step: undefined, params: exact.param === 'slug' ? { slug: '' } : {} };
  const split = parentOf(path);
  if (split) {
    const parent = byBase.get(split.parent);
    if (parent?.param === 'step') return { route: parent.route, step: split.last, params: { step: split.last } };
  }
  const second = path.indexOf('/', 1);
  if (second > 0) {
    const prefix = catchAll.get(path.slice(0, second));
    if (prefix) return { route: prefix.route, step: undefined, params: { slug: path.slice(second + 1) } };
  }
  return undefined;
}

export function routeByName(name: string): RouteRecord | undefined {
  return byName.get(name);
}

/** Spec section 1: a page is served only when the current brand is in its brand list. */
export function isServedFor(route: RouteRecord, brandCode: string): boolean {
  const brands = servedBy.get(route);
  return brands ? brands.has(brandCode) : route.brands.some((b) => b === brandCode);
}
