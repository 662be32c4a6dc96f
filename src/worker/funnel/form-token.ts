/**
 * The quote token of a form posted without JavaScript. A page without
 * JavaScript has no island to renew a token, yet a lead is complete only with a valid one; so
 * the final step's server-rendered form carries a token the Worker issued for this visitor
 * and ip in a hidden `quoteToken` field. It lives longer than the island's 60 s (a visitor
 * may take minutes to type a phone number) and is still bound to the visitor and ip, so a
 * cross-site or replayed post from elsewhere does not carry a valid one. In a shared page
 * shell it is a per-request slot (src/worker/page-cache.ts).
 */
import type { Context } from 'hono';
import { issueQuoteToken } from '../../partners/quote-token/token';
import type { FormDef } from '../../shared/forms';
import type { AppEnv } from '../env';
import { requestIp } from '../api/partner-context';

export const FORM_QUOTE_TOKEN_TTL_MS = 30 * 60 * 1000;

/** A token for the hidden field of the form's final step; null on other steps or without a secret. */
export async function formQuoteToken(c: Context<AppEnv>, form: FormDef, stepName: string): Promise<string | null> {
  if (form.steps[form.steps.length - 1]?.name !== stepName || !c.env.QUOTE_TOKEN_SECRET) return null;
  const issued = await issueQuoteToken(
    c.env.QUOTE_TOKEN_SECRET,
    { visitorId: c.var.anonymousId, ip: requestIp(c) },
    new Date(),
    FORM_QUOTE_TOKEN_TTL_MS,
  );
  return issued.token;
}
