import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { logJson } from '../observability/log';

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

/** The part of the product a secret guards; each maps to routes in `areaOf`. */
export type ConfigArea = 'visitors' | 'leads' | 'mediaalpha' | 'ipqs' | 'quotewizard' | 'operator' | 'alerts';

export type SecretProblemKind = 'missing' | 'development value' | 'invalid';

export interface SecretProblem {
  secret: string;
  problem: SecretProblemKind;
  areas: ConfigArea[];
}

type SecretName =
  | 'VISITOR_COOKIE_SECRET'
  | 'QUOTE_TOKEN_SECRET'
  | 'LEAD_HASH_SALT'
  | 'LEAD_CERTIFICATE_KEY'
  | 'TURNSTILE_SECRET_KEY'
  | 'MEDIAALPHA_API_TOKEN'
  | 'IPQS_API_KEY'
  | 'QUOTEWIZARD_API_KEY'
  | 'REPORT_TOKEN'
  | 'OPERATOR_ALERT_WEBHOOK_URL';

interface SecretRule {
  areas: ConfigArea[];
  /** Only required outside development (the alert webhook: a laptop has no pager). */
  deployedOnly?: boolean;
  /** A well-formed value, when the shape is known. */
  valid?: (value: string) => boolean;
  /** A value only development may use, beyond the shared markers below. */
  developmentOnly?: (value: string, environment: string) => boolean;
}

/** Markers of the values in .dev.vars.example and vitest.config.ts: `local-…`, `sandbox-…`, `test-…`, `…change-me…`. */
const DEVELOPMENT_MARKER = /^(?:local|sandbox|test)-|change-?me/i;
/** Cloudflare's documented always-pass / always-fail Turnstile test secrets. */
const TURNSTILE_TEST_SECRET = /^[123]x0+AA$/;

function certificateKeyKid(value: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { kty, crv, x, d, kid } = parsed as Record<string, unknown>;
    const b64u = /^[A-Za-z0-9_-]{43}$/;
    if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string' || typeof d !== 'string') return undefined;
    if (!b64u.test(x) || !b64u.test(d) || typeof kid !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(kid))
      return undefined;
    return kid;
  } catch {
    return undefined;
  }
}

function isDeployedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !/^(?:localhost|127\.|\[::1\])/.test(url.hostname);
  } catch {
    return false;
  }
}

export const SECRET_RULES: Record<SecretName, SecretRule> = {
  VISITOR_COOKIE_SECRET: { areas: ['visitors'], valid: (v) => v.length >= 16 },
  QUOTE_TOKEN_SECRET: { areas: ['leads'], valid: (v) => v.length >= 16 },
  LEAD_HASH_SALT: { areas: ['leads'], valid: (v) => v.length >= 16 },
  LEAD_CERTIFICATE_KEY: {
    areas: ['leads'],
    valid: (v) => certificateKeyKid(v) !== undefined,
    developmentOnly: (v) => /^(?:dev|test)-/i.test(certificateKeyKid(v) ?? ''),
  },
  TURNSTILE_SECRET_KEY: {
    areas: ['leads'],
    // Staging pairs the dummy site key with its dummy secret; production must not.
    developmentOnly: (v, environment) => environment === 'production' && TURNSTILE_TEST_SECRET.test(v),
  },
  MEDIAALPHA_API_TOKEN: { areas: ['mediaalpha'] },
  IPQS_API_KEY: { areas: ['ipqs'] },
  QUOTEWIZARD_API_KEY: { areas: ['quotewizard'] },
  REPORT_TOKEN: { areas: ['operator'], valid: (v) => v.length >= 12 },
  OPERATOR_ALERT_WEBHOOK_URL: {
    areas: ['alerts'],
    deployedOnly: true,
    valid: (v) => {
      try {
        return /^https?:$/.test(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    developmentOnly: (v) => !isDeployedUrl(v),
  },
};

export type ConfigEnv = Partial<Record<SecretName, string>> & { ENVIRONMENT?: string };

/** Every secret problem of this environment (pure: what the tests and the health page read). */
export function secretProblems(env: ConfigEnv): SecretProblem[] {
  const environment = env.ENVIRONMENT ?? 'development';
  const deployed = environment !== 'development';
  const problems: SecretProblem[] = [];
  for (const [secret, rule] of Object.entries(SECRET_RULES) as [SecretName, SecretRule][]) {
    const value = (env[secret] ?? '').trim();
    let problem: SecretProblemKind | undefined;
    if (!value) problem = rule.deployedOnly && !deployed ? undefined : 'missing';
    else if (rule.valid && !rule.valid(value)) problem = 'invalid';
    else if (deployed && (DEVELOPMENT_MARKER.test(value) || rule.developmentOnly?.(value, environment)))
      problem = 'development value';
    if (problem) problems.push({ secret, problem, areas: rule.areas });
  }
  return problems;
}

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
 * and a quote token need the lead secrets; partner proxies their partner's key; /ops the token.
 */
export function areasOf(method: string, path: string): ConfigArea[] {
  if (path.startsWith('/ops/')) return ['operator', 'visitors'];
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
