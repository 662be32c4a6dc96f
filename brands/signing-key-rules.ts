/**
 * `npm run deploy:check` refuses the development lead-certificate signing key in staging and
 * production. Its private part is in `.dev.vars.example`, in the repository: a certificate it
 * signed proves nothing, since anyone can sign the same. The secret itself is not readable
 * without Cloudflare credentials, so the check reads every place a deploy takes it from: the
 * environment's vars (a private key there is refused outright: vars are plain config), the
 * secrets file given to `wrangler deploy --secrets-file`, `.dev.vars.{env}` / `.env.{env}`, and
 * the process environment (CI). A key is recognised by its public half `x`, whatever its kid.
 */
import type { DeployEnv } from './deploy-rules';

export interface KeySource {
  /** Where the value was found, for the message (never the value). */
  where: string;
  value: string | undefined;
  /** A wrangler var: plain config, never a place for a private key. */
  isVar?: boolean;
}

/** `x` of an Ed25519 private JWK (one with `d`) in the text, or null. */
export function privateJwkX(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const jwk: unknown = JSON.parse(value);
    if (typeof jwk !== 'object' || jwk === null) return null;
    const { kty, crv, x, d } = jwk as Record<string, unknown>;
    return kty === 'OKP' && crv === 'Ed25519' && typeof x === 'string' && typeof d === 'string' ? x : null;
  } catch {
    return null;
  }
}

/** The value of LEAD_CERTIFICATE_KEY in a dotenv or JSON secrets file's text. */
export function signingKeyInFile(text: string): string | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null) {
      const value = (json as Record<string, unknown>).LEAD_CERTIFICATE_KEY;
      return typeof value === 'string' ? value : undefined;
    }
  } catch {
    // not JSON: dotenv
  }
  const line = /^\s*(?:export\s+)?LEAD_CERTIFICATE_KEY\s*=\s*(.*?)\s*$/m.exec(text)?.[1];
  if (line === undefined) return undefined;
  const quoted = /^(['"])(.*)\1$/.exec(line);
  return quoted ? quoted[2] : line;
}

export function signingKeyProblems(
  env: DeployEnv,
  sources: readonly KeySource[],
  developmentX: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const source of sources) {
    const x = privateJwkX(source.value);
    if (!x) continue;
    if (developmentX.includes(x))
      problems.push(
        `LEAD_CERTIFICATE_KEY in ${source.where} is the development key (its private part is in .dev.vars.example); put a fresh key for ${env}`,
      );
    else if (source.isVar)
      problems.push(`LEAD_CERTIFICATE_KEY is a private key in ${source.where}: set it as a secret, not a var`);
  }
  return problems;
}
