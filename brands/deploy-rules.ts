/**
 * What `npm run deploy:check` refuses in a deployable environment, as a pure
 * function of wrangler's resolved config for that environment, so a test can prove each rule.
 * Staging may use partners' test services and Cloudflare's dummy Turnstile keys (it is where
 * they belong); neither staging nor production may carry a placeholder: an all-zero or
 * "replace me" resource id, an `.example` or loopback host, a "set-the-..." value.
 */

export type DeployEnv = 'staging' | 'production';

/** The part of wrangler's resolved config (unstable_readConfig) the rules read. */
export interface DeployConfig {
  name?: string;
  vars?: Record<string, unknown>;
  kv_namespaces?: { binding: string; id?: string }[];
  d1_databases?: { binding: string; database_id?: string; database_name?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
  ratelimits?: { name: string; namespace_id: string }[];
  routes?: unknown[];
}

/** An id nobody created: all zeros (any dashes), or a "replace me" word. */
const PLACEHOLDER_ID = /^[0-]+$|replace|placeholder|your[-_]|xxxx|todo|changeme|<|>/i;
/** A value an operator was meant to replace, or a host that is not on the internet. */
const PLACEHOLDER_VALUE =
  /\.example\b|\bexample\.(?:com|org|net)\b|localhost|127\.0\.0\.1|\bset-the-|placeholder|changeme|\bTODO\b|<[^>]*>/i;
/** A partner's test or sandbox service (MediaAlpha's insurance-test host, a staging endpoint). */
const TEST_PARTNER_HOST = /^https?:\/\/[^/]*(?:test|sandbox|staging|stage|dev)[^/]*(?:\/|$)/i;
/** Cloudflare's documented dummy Turnstile site keys (always pass, always block, force a challenge). */
const DUMMY_SITE_KEY = /^[123]x0{20}[A-Z]{2}$/;

/** Partner base URLs: required and public in production. */
const PARTNER_URLS = [
  'MEDIAALPHA_BASE_URL',
  'QUOTEWIZARD_BASE_URL',
  'IPQS_BASE_URL',
  'TURNSTILE_BASE_URL',
  // The Medicare companies' lead router (docs/decisions/0101).
  'SELLER_DELIVERY_BASE_URL',
] as const;

export function deployProblems(env: DeployEnv, config: DeployConfig): string[] {
  const problems: string[] = [];
  const vars = Object.fromEntries(
    Object.entries(config.vars ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  if (vars.ENVIRONMENT !== env) problems.push(`ENVIRONMENT is "${vars.ENVIRONMENT ?? ''}", expected "${env}"`);
  for (const [name, value] of Object.entries(vars)) {
    if (PLACEHOLDER_VALUE.test(value)) problems.push(`${name} is a placeholder: "${value}"`);
  }
  for (const name of PARTNER_URLS) {
    const value = vars[name] ?? '';
    if (!/^https:\/\/[^/]+/.test(value)) problems.push(`${name} must be an https URL, is "${value}"`);
    else if (env === 'production' && TEST_PARTNER_HOST.test(value))
      problems.push(`${name} is a test partner host in production: "${value}"`);
  }
  const siteKey = vars.TURNSTILE_SITE_KEY ?? '';
  if (siteKey === '') problems.push('TURNSTILE_SITE_KEY is empty');
  else if (env === 'production' && DUMMY_SITE_KEY.test(siteKey))
    problems.push(`TURNSTILE_SITE_KEY is Cloudflare's dummy test key in production: "${siteKey}"`);
  // A missing id is fine: wrangler provisions the resource on the first deploy and writes its id.
  for (const kv of config.kv_namespaces ?? []) {
    if (kv.id !== undefined && PLACEHOLDER_ID.test(kv.id))
      problems.push(`KV ${kv.binding} has a placeholder id "${kv.id}"`);
  }
  for (const db of config.d1_databases ?? []) {
    if (db.database_id !== undefined && PLACEHOLDER_ID.test(db.database_id))
      problems.push(`D1 ${db.binding} has a placeholder id "${db.database_id}"`);
  }
  for (const bucket of config.r2_buckets ?? []) {
    if (!bucket.bucket_name || PLACEHOLDER_VALUE.test(bucket.bucket_name))
      problems.push(`R2 ${bucket.binding} has no real bucket name`);
  }
  for (const limit of config.ratelimits ?? []) {
    if (!/^[1-9]\d*$/.test(limit.namespace_id))
      problems.push(`rate limit ${limit.name} has no namespace id (a positive integer of your account)`);
  }
  if (env === 'production' && (config.routes ?? []).length === 0)
    problems.push('production has no routes (npm run routes -- --wrangler --write)');
  return problems;
}

/**
 * Rate-limit namespace ids both environments use. A namespace is an account-wide counter, so a
 * shared id lets staging's test traffic spend production's limits (and the reverse).
 */
export function sharedRateLimitNamespaces(staging: DeployConfig, production: DeployConfig): string[] {
  const used = new Map((staging.ratelimits ?? []).map((r) => [r.namespace_id, r.name]));
  return (production.ratelimits ?? [])
    .filter((r) => used.has(r.namespace_id))
    .map(
      (r) =>
        `rate limit namespace ${r.namespace_id} is used by staging (${used.get(r.namespace_id) ?? ''}) and production (${r.name})`,
    );
}
