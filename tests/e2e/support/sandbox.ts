import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { sandboxOrigin } from './browser';

/**
 * The partner sandbox from the Node side of the browser tests. Every browser request reaches
 * the Worker from 127.0.0.1, so the sandbox's ip scopes cannot tell two browser visitors
 * apart; a test gives its visitor a user agent of its own instead (`taggedUserAgent`) and
 * reads only the calls that carried it: MediaAlpha bodies carry the visitor's agent (`ua`),
 * and the sandbox records the agent of the pixel and click requests the browser makes.
 */
const callSchema = z.object({
  partner: z.string(),
  path: z.string(),
  body: z.unknown(),
  scope: z.string().nullable(),
  at: z.number(),
});
export type SandboxCall = z.infer<typeof callSchema>;

/** MediaAlpha bodies carry the agent as `ua`, QuoteWizard's as `user_agent`. */
const withAgent = z.object({ ua: z.string().nullable().optional(), user_agent: z.string().optional() }).loose();

/**
 * A person's Chrome agent (this Chromium's version) with a unique tag appended (what the page and
 * the Worker see). Not Chromium's own `HeadlessChrome` agent: the Worker judges that a bot by
 * name (isbot, docs/decisions/0230), and these walks play people.
 */
export function taggedUserAgent(browser: Browser): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36 qf-e2e/${crypto.randomUUID()}`;
}

/** The calls to `partner` at `path` whose body carries the user agent `ua`. */
export async function sandboxCallsOf(ua: string, partner: string, path: string): Promise<SandboxCall[]> {
  const reply = await fetch(`${sandboxOrigin()}/__sandbox/calls?${new URLSearchParams({ partner }).toString()}`);
  const { calls } = z.object({ calls: z.array(callSchema) }).parse(await reply.json());
  return calls.filter((call) => {
    const body = withAgent.safeParse(call.body).data;
    return call.path === path && (body?.ua ?? body?.user_agent) === ua;
  });
}

/**
 * A partner's behaviour in the sandbox (sandbox/behaviour.ts): for calls carrying the visitor's ip
 * `scope` only, or, with no scope, for every ip without a setting of its own.
 */
export async function setSandboxBehaviour(partner: string, behaviour: string, scope?: string): Promise<void> {
  const res = await fetch(`${sandboxOrigin()}/__sandbox/behaviour`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partner, behaviour, ...(scope ? { scope } : {}) }),
  });
  if (!res.ok) throw new Error(`sandbox behaviour ${partner} ${behaviour}: ${res.status}`);
}
