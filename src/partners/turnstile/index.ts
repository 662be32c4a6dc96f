import { z } from 'zod';
import { partnerJson } from '../partner-fetch';

/**
 * Cloudflare Turnstile siteverify: `POST {TURNSTILE_BASE_URL}/v0/siteverify` with
 * the secret, the token the widget gave the page and the visitor's ip. The widget script is
 * `{TURNSTILE_BASE_URL}/v0/api.js`. Locally both are the sandbox (sandbox/turnstile.ts).
 */
export const siteverifyReplySchema = z.looseObject({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
});

/** Tokens are at most 2048 characters (Cloudflare's documented limit); longer ones are forged. */
export const TURNSTILE_TOKEN_MAX = 2048;

export type TurnstileEnv = Pick<Env, 'TURNSTILE_BASE_URL' | 'TURNSTILE_SECRET_KEY'>;

export function turnstileScriptUrl(env: Pick<Env, 'TURNSTILE_BASE_URL'>): string {
  return `${env.TURNSTILE_BASE_URL.replace(/\/+$/, '')}/v0/api.js`;
}

/** Throws PartnerError when siteverify fails or times out; `success: false` is an answer, not a failure. */
export async function siteverify(
  env: TurnstileEnv,
  input: { token: string; ip: string; idempotencyKey: string },
  timeoutMs: number,
) {
  const json: Record<string, string> = {
    secret: env.TURNSTILE_SECRET_KEY,
    response: input.token,
    idempotency_key: input.idempotencyKey,
  };
  if (input.ip) json.remoteip = input.ip;
  return partnerJson(
    {
      partner: 'turnstile',
      url: `${env.TURNSTILE_BASE_URL.replace(/\/+$/, '')}/v0/siteverify`,
      method: 'POST',
      json,
      timeoutMs,
    },
    siteverifyReplySchema,
  );
}
