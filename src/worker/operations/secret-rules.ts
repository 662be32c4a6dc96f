/**
 * The secrets the Worker needs, the part of the product each guards, and what counts as missing,
 * malformed or a development value. Pure (no Worker imports), so `npm run deploy` checks a
 * secrets file with the same rules the Worker applies to itself (configuration.ts).
 */

/** The part of the product a secret guards; each maps to routes in `areaOf`. */
export type ConfigArea =
  | 'visitors'
  | 'leads'
  | 'mediaalpha'
  | 'ipqs'
  | 'quotewizard'
  | 'operator'
  | 'monitor'
  | 'alerts'
  | 'postbacks'
  | 'ad-platforms';

export type SecretProblemKind = 'missing' | 'development value' | 'invalid';

export interface SecretProblem {
  secret: string;
  problem: SecretProblemKind;
  areas: ConfigArea[];
}

export type SecretName =
  | 'VISITOR_COOKIE_SECRET'
  | 'QUOTE_TOKEN_SECRET'
  | 'LEAD_HASH_SALT'
  | 'LEAD_CERTIFICATE_KEY'
  | 'TURNSTILE_SECRET_KEY'
  | 'MEDIAALPHA_API_TOKEN'
  | 'IPQS_API_KEY'
  | 'QUOTEWIZARD_API_KEY'
  | 'REPORT_TOKEN'
  | 'MONITOR_TOKEN'
  | 'OPERATOR_ALERT_WEBHOOK_URL'
  | 'POSTBACK_SECRET_MEDIAALPHA'
  | 'POSTBACK_SECRET_QUOTEWIZARD'
  | 'GOOGLE_SERVICE_ACCOUNT_KEY'
  | 'META_CAPI_ACCESS_TOKEN';

export interface SecretRule {
  areas: ConfigArea[];
  /** Only required outside development (the alert webhook: a laptop has no pager). */
  deployedOnly?: boolean;
  /**
   * Never required: without it the feature is off (a partner that posts no payouts, an ad
   * platform not used). When set, it is judged like any other: a development value in staging
   * or production would let anyone who read this repository sign a payout or spend a token.
   */
  optional?: boolean;
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

/**
 * A Google service-account JSON key (the Data Manager API's credential): its key id and account,
 * or undefined when it is not one. The private key is only checked for its PEM frame here; the
 * Worker imports it when it first mints a token.
 */
function serviceAccountKeyOf(value: string): { keyId: string; email: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { type, private_key_id, private_key, client_email, token_uri } = parsed as Record<string, unknown>;
    if (type !== 'service_account' || typeof private_key_id !== 'string' || typeof client_email !== 'string')
      return undefined;
    if (typeof private_key !== 'string' || !private_key.includes('-----BEGIN PRIVATE KEY-----')) return undefined;
    if (typeof token_uri !== 'string' || !/^https:\/\//.test(token_uri)) return undefined;
    return { keyId: private_key_id, email: client_email };
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

export const SECRET_RULES: Readonly<Record<SecretName, SecretRule>> = {
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
  // The outside monitor's read-only token for /ops/health (monitor-token.ts): deployed only, as a
  // laptop has no monitor; without it nothing outside the Worker notices the Worker stopping.
  MONITOR_TOKEN: { areas: ['monitor'], deployedOnly: true, valid: (v) => v.length >= 12 },
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
  // Payout postbacks are HMAC-signed under these; a guessable one means forged revenue.
  POSTBACK_SECRET_MEDIAALPHA: { areas: ['postbacks'], optional: true, valid: (v) => v.length >= 16 },
  POSTBACK_SECRET_QUOTEWIZARD: { areas: ['postbacks'], optional: true, valid: (v) => v.length >= 16 },
  // Google's Data Manager API signs in with this key (docs/decisions/0245); the one in
  // .dev.vars.example is the sandbox's and would be refused by Google anyway, so it is refused here.
  GOOGLE_SERVICE_ACCOUNT_KEY: {
    areas: ['ad-platforms'],
    optional: true,
    valid: (v) => serviceAccountKeyOf(v) !== undefined,
    developmentOnly: (v) => {
      const key = serviceAccountKeyOf(v);
      return key !== undefined && (DEVELOPMENT_MARKER.test(key.keyId) || DEVELOPMENT_MARKER.test(key.email));
    },
  },
  META_CAPI_ACCESS_TOKEN: { areas: ['ad-platforms'], optional: true },
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
    if (!value) problem = rule.optional || (rule.deployedOnly && !deployed) ? undefined : 'missing';
    else if (rule.valid && !rule.valid(value)) problem = 'invalid';
    else if (deployed && (DEVELOPMENT_MARKER.test(value) || rule.developmentOnly?.(value, environment)))
      problem = 'development value';
    if (problem) problems.push({ secret, problem, areas: rule.areas });
  }
  return problems;
}
