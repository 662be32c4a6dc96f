/**
 * The bench's pages are measured as deployed (bench/deployed-config.ts): production's vars and
 * bindings from wrangler.toml, the sandbox in place of each partner production calls, and secrets
 * production would accept (a development value there answers 503, and the bench would measure that).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEPLOYED_ENV, deployedSecrets, sandboxStandIns } from '../../bench/deployed-config';
import { secretProblems } from '../../src/worker/operations/secret-rules';

const require = createRequire(import.meta.url);
const wrangler = require('wrangler') as typeof import('wrangler');
const varsOf = (env?: string) =>
  (
    wrangler.unstable_getMiniflareWorkerOptions('wrangler.toml', env).workerOptions as {
      bindings?: Record<string, unknown>;
    }
  ).bindings ?? {};

describe('the bench as deployed', () => {
  it('has every secret in a shape production accepts, none of them a development value', () => {
    const secrets = deployedSecrets();
    expect(secretProblems({ ...secrets, ENVIRONMENT: DEPLOYED_ENV })).toEqual([]);
    // Fresh on every run: nothing a reader of this repository could sign with.
    expect(deployedSecrets().VISITOR_COOKIE_SECRET).not.toBe(secrets.VISITOR_COOKIE_SECRET);
  });

  it("keeps production's vars, pointing only the partner services production calls at the sandbox", () => {
    const local = varsOf();
    const deployed = varsOf(DEPLOYED_ENV);
    expect(deployed.ENVIRONMENT).toBe('production');
    const standIns = sandboxStandIns(local, deployed, 'http://127.0.0.1:9999');
    expect(standIns.MEDIAALPHA_BASE_URL).toBe('http://127.0.0.1:9999/mediaalpha');
    expect(standIns.TURNSTILE_BASE_URL).toBe('http://127.0.0.1:9999/turnstile');
    // Production reads the place from request.cf: no geo service is called, so none is stood in.
    expect(deployed.GEO_BASE_URL).toBe('');
    expect(standIns).not.toHaveProperty('GEO_BASE_URL');
    // A script URL only goes into the page for the browser: production's stays.
    expect(standIns).not.toHaveProperty('TAG_MANAGER_SCRIPT_URL');
    for (const value of Object.values(standIns)) expect(value.startsWith('http://127.0.0.1:9999')).toBe(true);
  });
});
