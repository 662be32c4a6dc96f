/**
 * Page checks (spec section 5, route validation) and the load-time validation of every hook a
 * route names. A check is data on the route record (a parameter and the pattern it must
 * match), so a page's rule is read where the page is defined; a pattern that does not compile,
 * or a hook with no implementation, is a configuration error that fails at start-up, not on the
 * first visitor (spec section 8: "Unknown route middleware").
 */
import { ENTER_HOOKS, EXIT_HOOKS, type PageCheck, type RouteRecord } from './schema';

export interface PageCheckContext {
  pathname: string;
  params: Record<string, string>;
}

/** Compiled once per pattern: a check runs on every request of its page. */
const compiled = new Map<string, RegExp>();
function patternOf(check: PageCheck): RegExp {
  let pattern = compiled.get(check.pattern);
  if (!pattern) {
    pattern = new RegExp(`^(?:${check.pattern})$`);
    compiled.set(check.pattern, pattern);
  }
  return pattern;
}

/** True when the page may be served: no check, or a check whose parameter matches. */
export function runPageCheck(check: PageCheck | undefined, ctx: PageCheckContext): boolean {
  if (check === undefined) return true;
  return patternOf(check).test(ctx.params[check.param] ?? '');
}

const enterHooks: ReadonlySet<string> = new Set(ENTER_HOOKS);
const exitHooks: ReadonlySet<string> = new Set(EXIT_HOOKS);

/** Throws an error naming the first bad check or unknown hook, and the route that names it. */
export function assertKnownHooks(routes: readonly Pick<RouteRecord, 'name' | 'path' | 'check' | 'config'>[]): void {
  for (const route of routes) {
    if (route.check !== undefined) {
      try {
        patternOf(route.check);
      } catch {
        throw new Error(`Unknown route middleware: bad check pattern ${route.check.pattern} (route "${route.name}")`);
      }
      if (!route.path.includes(`:${route.check.param}`))
        throw new Error(`Unknown route middleware: check of ${route.check.param}, a parameter "${route.name}" has not`);
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
