/**
 * The Worker's configuration as deployed, for the benchmark: wrangler's own Miniflare options for
 * wrangler.toml's production environment (every binding it declares: vars, KV, D1, R2, queues,
 * Workflows, rate limits, Analytics Engine, the Durable Objects), with local stand-ins only where
 * production's would leave this machine: each partner or platform URL that the local default
 * environment points at the sandbox points at this run's sandbox, and each secret gets a fresh
 * value of the shape production requires (a development value is refused there with 503).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { secretProblems } from '../src/worker/operations/secret-rules';

export const DEPLOYED_ENV = 'production';

/** Where wrangler.toml's local default environment points at the partner sandbox (its fixed port). */
const LOCAL_SANDBOX = 'http://127.0.0.1:8790';

/**
 * The vars production sets to a partner's or platform's service that the local environment
 * points at the sandbox, pointed at this run's sandbox instead. A var production leaves empty
 * stays empty (GEO_BASE_URL: at the edge the place comes from request.cf, no service is called),
 * and a script URL the page only hands to the browser (`*_SCRIPT_URL`) stays production's.
 */
export function sandboxStandIns(
  localVars: Record<string, unknown>,
  deployedVars: Record<string, unknown>,
  sandboxOrigin: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(localVars).flatMap(([name, value]) =>
      typeof value === 'string' &&
      value.startsWith(LOCAL_SANDBOX) &&
      typeof deployedVars[name] === 'string' &&
      deployedVars[name] !== '' &&
      !name.endsWith('_SCRIPT_URL')
        ? [[name, `${sandboxOrigin}${value.slice(LOCAL_SANDBOX.length)}`]]
        : [],
    ),
  );
}

/** A fresh Ed25519 key as the certificate signer's JWK (production refuses a `dev-` or `test-` kid). */
function certificateKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return JSON.stringify({ ...jwk, kid: `bench-${randomBytes(4).toString('hex')}` });
}

/** A Google service-account key of a made-up account (the sandbox answers the token call, never Google). */
function serviceAccountKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }),
    client_email: 'conversions@bench-project.iam.gserviceaccount.com',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
}

/** A value of a deployed secret's shape for what the development file holds. */
function standInFor(name: string): string {
  if (name === 'LEAD_CERTIFICATE_KEY') return certificateKey();
  if (name === 'GOOGLE_SERVICE_ACCOUNT_KEY') return serviceAccountKey();
  if (name === 'OPERATOR_ALERT_WEBHOOK_URL') return 'https://alerts.bench.invalid/hook';
  return `bench-${randomBytes(24).toString('hex')}`;
}

/**
 * Every secret of .dev.vars.example (parsed as wrangler reads a dotenv file), with each one that
 * production would refuse (missing, a development value, the wrong shape) replaced by a stand-in.
 * The file sets every secret, optional ones included, so each part of the product is on, as in a full deploy.
 */
export function deployedSecrets(environment = DEPLOYED_ENV): Record<string, string> {
  const parsed = parseEnv(readFileSync('.dev.vars.example', 'utf8'));
  const secrets: Record<string, string> = Object.fromEntries(
    Object.entries(parsed).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])),
  );
  for (const problem of secretProblems({ ...secrets, ENVIRONMENT: environment }))
    secrets[problem.secret] = standInFor(problem.secret);
  const left = secretProblems({ ...secrets, ENVIRONMENT: environment });
  if (left.length > 0)
    throw new Error(
      `bench secrets production would refuse: ${left.map((p) => `${p.secret} (${p.problem})`).join(', ')}`,
    );
  return secrets;
}
