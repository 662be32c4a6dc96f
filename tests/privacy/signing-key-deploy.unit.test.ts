import { describe, expect, it } from 'vitest';
import devVars from '../../.dev.vars.example?raw';
import { privateJwkX, signingKeyInFile, signingKeyProblems } from '../../brands/signing-key-rules';

/**
 * `npm run deploy:check` refuses the development lead-certificate key (its private part is in
 * .dev.vars.example) in staging and production, wherever the deploy would take it from.
 */
const devKey = signingKeyInFile(devVars) ?? '';
const devX = privateJwkX(devKey);

async function freshKey(kid: string): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid });
}

describe('deploy:check and the development signing key', () => {
  it('finds the development key in .dev.vars.example', () => {
    expect(devX).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses it from a secrets file (JSON or dotenv), the environment, or vars, in staging and production', () => {
    for (const env of ['staging', 'production'] as const) {
      const json = signingKeyInFile(JSON.stringify({ LEAD_CERTIFICATE_KEY: devKey, OTHER: 'x' }));
      const dotenv = signingKeyInFile(`A=1\nLEAD_CERTIFICATE_KEY='${devKey}'\n`);
      // The same key under another kid is still the development key.
      const renamed = JSON.stringify({ ...(JSON.parse(devKey) as object), kid: 'prod-2026-12' });
      const problems = signingKeyProblems(
        env,
        [
          { where: 'secrets.json', value: json },
          { where: '.dev.vars.production', value: dotenv },
          { where: 'the LEAD_CERTIFICATE_KEY environment variable', value: renamed },
          { where: `[env.${env}] vars`, value: devKey, isVar: true },
        ],
        devX ? [devX] : [],
      );
      expect(problems).toHaveLength(4);
      for (const p of problems) expect(p).toMatch(/is the development key/);
      // The messages never carry the key.
      expect(problems.join('\n')).not.toContain((JSON.parse(devKey) as { d: string }).d);
    }
  });

  it('lets a fresh key through as a secret, but not as a plain var; nothing found is not a problem', async () => {
    const fresh = await freshKey('prod-2026-12');
    expect(signingKeyProblems('production', [{ where: 'secrets.json', value: fresh }], devX ? [devX] : [])).toEqual([]);
    expect(
      signingKeyProblems('production', [{ where: '[env.production] vars', value: fresh, isVar: true }], [devX ?? '']),
    ).toEqual(['LEAD_CERTIFICATE_KEY is a private key in [env.production] vars: set it as a secret, not a var']);
    expect(
      signingKeyProblems(
        'staging',
        [
          { where: 'x', value: undefined },
          { where: 'y', value: 'nope' },
        ],
        [],
      ),
    ).toEqual([]);
  });
});
