import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { logJson } from '../observability/log';
import { secretProblems, type ConfigArea, type ConfigEnv, type SecretProblem } from './secret-rules';

export { secretProblems, SECRET_RULES, type ConfigArea, type ConfigEnv, type SecretProblem } from './secret-rules';

/**
 * Fail closed on configuration. Every secret the Worker needs is listed here with the part of
 * the product it guards. A secret that is missing, malformed or (in staging and production) a
 * development value makes that part answer 503 with a JSON error naming the secret (never its
 * value), writes one error log line per isolate, and fails the health checks. Nothing falls back
 * quietly: a random per-isolate cookie secret made other isolates refuse a visitor's events, and
 * an empty hash salt made contact fingerprints guessable.
 *
 * Local development and the tests run on `.dev.vars.example` / vitest.config.ts values, which
 * pass in the `development` environment and are refused in `staging` and `production`.
 */

/** The env object of an isolate is the same on every request: the rules run once for it. */
const checked = new WeakMap<object, SecretProblem[]>();

export function configurationProblems(env: ConfigEnv): SecretProblem[] {
  const known = checked.get(env);
  if (known) return known;
  const problems = secretProblems(env);
  checked.set(env, problems);
  for (const p of problems) {
    logJson('error', `configuration: ${p.secret} is ${p.problem === 'missing' ? 'not set' : `a ${p.problem}`}`, {
      where: 'configuration',
      secret: p.secret,
      problem: p.problem,
      refusing: p.areas.join(','),
      fix: `wrangler secret put ${p.secret} --env ${env.ENVIRONMENT ?? 'development'}`,
    });
  }
  return problems;
}

/**
 * The areas a request needs. Every route behind the visitor middleware needs the visitor
 * cookie secret; a form post (any step: a funnel that cannot finish should not collect answers)
 * and a quote token need the lead secrets; partner proxies their partner's key; /ops the token;
 * a payout postback the partners' signing secrets.
 */
export function areasOf(method: string, path: string): ConfigArea[] {
  if (path.startsWith('/ops/')) return ['operator', 'visitors'];
  // Partners' payout postbacks: server to server, no visitor; their signing secrets only.
  if (path.startsWith('/api/postback/')) return ['postbacks'];
  const areas: ConfigArea[] = ['visitors'];
  if (path.startsWith('/api/mediaalpha/')) areas.push('mediaalpha');
  else if (path.startsWith('/api/ipqs/')) areas.push('ipqs');
  else if (path === '/api/quote-token' || path === '/api/form/submit') areas.push('leads');
  else if (method === 'POST' && !path.startsWith('/api/') && path !== '/do-not-sell') areas.push('leads');
  return areas;
}

/** The 503 of a request whose part of the product is not configured, or undefined when it is. */
export function notConfiguredError(env: ConfigEnv, method: string, path: string): ApiError | undefined {
  const problems = configurationProblems(env);
  if (problems.length === 0) return undefined;
  const needed = new Set(areasOf(method, path));
  const blocking = problems.filter((p) => p.areas.some((a) => needed.has(a)));
  if (blocking.length === 0) return undefined;
  return new ApiError(
    503,
    'not_configured',
    'This service is not configured yet; the operator has been told.',
    blocking.map((p) => ({ secret: p.secret, problem: p.problem })),
    { 'Retry-After': '300', 'Cache-Control': 'no-store' },
  );
}

/** Before the visitor middleware: refuses, with 503, what the configuration cannot serve. */
export const requireConfiguration = createMiddleware<AppEnv>(async (c, next) => {
  const error = notConfiguredError(c.env, c.req.method, c.req.path);
  if (error) return apiErrorResponse(c, error);
  await next();
});
