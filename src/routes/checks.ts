/**
 * Named page checks (spec section 5, route validation) and the load-time validation of every
 * hook and check a route names. Checks are referenced by name so route records stay data;
 * a name with no implementation is a configuration error that must fail at start-up, not on
 * the first visitor (spec section 8: "Unknown route middleware").
 */
import { ENTER_HOOKS, EXIT_HOOKS, type RouteRecord } from './schema';

export interface PageCheckContext {
  pathname: string;
  params: Record<string, string>;
}

type PageCheck = (ctx: PageCheckContext) => boolean;

// A Map rather than an object literal, so names like 'toString' are not "known". No page
// needs a check today: the /reviews catch-all serves every slug (spec /reviews/:slug(.*)*).
const PAGE_CHECKS = new Map<string, PageCheck>([]);

/** True when the page may be served: no check, or a check that passes. */
export function runPageCheck(name: string | undefined, ctx: PageCheckContext): boolean {
  if (name === undefined) return true;
  const check = PAGE_CHECKS.get(name);
  if (!check) throw new Error(`Unknown route middleware: ${name}`);
  return check(ctx) === true;
}

const enterHooks: ReadonlySet<string> = new Set(ENTER_HOOKS);
const exitHooks: ReadonlySet<string> = new Set(EXIT_HOOKS);

/** Throws an error naming the first unknown check or hook, and the route that names it. */
export function assertKnownHooks(routes: readonly Pick<RouteRecord, 'name' | 'check' | 'config'>[]): void {
  for (const route of routes) {
    if (route.check !== undefined && !PAGE_CHECKS.has(route.check)) {
      throw new Error(`Unknown route middleware: ${route.check} (route "${route.name}")`);
    }
    const { onEnter, onExitIntent } = route.config;
    if (onEnter !== undefined && !enterHooks.has(onEnter)) {
      throw new Error(`Unknown onEnter hook: ${onEnter} (route "${route.name}"); known: ${ENTER_HOOKS.join(', ')}`);
    }
    if (onExitIntent !== undefined && !exitHooks.has(onExitIntent)) {
      throw new Error(
        `Unknown onExitIntent hook: ${onExitIntent} (route "${route.name}"); known: ${EXIT_HOOKS.join(', ')}`,
      );
    }
  }
}
