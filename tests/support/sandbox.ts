import { env } from 'cloudflare:workers';
import { z } from 'zod';

/**
 * The partner sandbox from inside workerd, scoped to one client ip (sandbox/behaviour.ts):
 * a test file (or a test) takes its own scope, sends its requests with that ip as
 * CF-Connecting-IP, switches partner behaviours for that ip only and reads only the calls
 * that carried it. Files running side by side, in any order, never see each other's faults
 * or calls.
 */
export const origin = new URL(env.MEDIAALPHA_BASE_URL).origin;

const callSchema = z.object({
  partner: z.string(),
  path: z.string(),
  body: z.unknown(),
  scope: z.string().nullable(),
  at: z.number(),
  extra: z.record(z.string(), z.string()).optional(),
});
export type SandboxCall = z.infer<typeof callSchema>;

/** A fresh client ip in 198.18.0.0/15 (benchmarking range: not local, not the sandbox's risky TEST-NET-2). */
export function freshIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `198.${18 + ((bytes[0] ?? 0) & 1)}.${bytes[1] ?? 0}.${1 + ((bytes[2] ?? 0) % 254)}`;
}

/**
 * A fresh loopback client ip (127.0.0.0/8, never 127.0.0.1). The Worker asks the sandbox's
 * geo service for local addresses and the sandbox places every loopback address in Miami
 * (zip 33101, FL), so a test that checks the zip or state sent to a partner, or needs a zip
 * that bids high, knows it; a `freshIp()` lands in one of five places by hash.
 */
export function loopbackIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `127.${bytes[0] ?? 0}.${bytes[1] ?? 0}.${2 + ((bytes[2] ?? 0) % 253)}`;
}

export type Partner =
  | 'mediaalpha'
  | 'ipqs'
  | 'geo'
  | 'quotewizard'
  | 'turnstile'
  | 'sellers'
  | 'alerts'
  | 'google-data-manager'
  | 'google-oauth'
  | 'meta-capi';
export type Behaviour =
  'normal' | 'slow' | 'error' | 'malformed' | 'low-bid' | 'no-ads' | 'reject' | 'fail' | 'unavailable' | 'too-recent';

/**
 * A scope's calls: every call that carried its ip. A fresh ip is one of 131,072, and the sandbox
 * keeps the calls of a whole run, so another file may have used the same ip before; a scope
 * made with a fresh ip reads only the calls from its own making on (less a margin, since
 * workerd's clock moves only at I/O). A scope given its ip reads all of that ip's calls: a
 * test that asks "no call for this click id" means none at all.
 */
const CLOCK_MARGIN_MS = 5_000;

export function sandboxScope(ip?: string) {
  const since = ip === undefined ? Date.now() - CLOCK_MARGIN_MS : 0;
  ip ??= freshIp();
  return {
    ip,
    origin,
    async set(partner: Partner, behaviour: Behaviour, slowMs?: number): Promise<void> {
      const res = await fetch(`${origin}/__sandbox/behaviour`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ partner, behaviour, scope: ip, ...(slowMs === undefined ? {} : { slowMs }) }),
      });
      if (!res.ok) throw new Error(`sandbox behaviour: ${res.status} ${await res.text()}`);
    },
    async reset(): Promise<void> {
      await fetch(`${origin}/__sandbox/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scope: ip }),
      });
    },
    async calls(partner?: Partner, path?: string): Promise<SandboxCall[]> {
      const query = new URLSearchParams({ scope: ip, ...(partner ? { partner } : {}) });
      const res = await fetch(`${origin}/__sandbox/calls?${query.toString()}`);
      const { calls } = z.object({ calls: z.array(callSchema) }).parse(await res.json());
      return calls.filter((c) => c.at >= since && (path === undefined || c.path === path));
    },
  };
}
export type SandboxScope = ReturnType<typeof sandboxScope>;
