import { Hono } from 'hono';
import { z } from 'zod';

/**
 * `sellers`: the Medicare companies a visitor ticks, each under /sellers/{id} (leads and deletions);
 * `alerts`: the operator's webhook; `google-data-manager` (and its token endpoint `google-oauth`),
 * `meta-capi`: the ad platforms' conversion APIs.
 */
export const PARTNERS = [
  'mediaalpha',
  'ipqs',
  'geo',
  'quotewizard',
  'turnstile',
  'sellers',
  'alerts',
  'google-data-manager',
  'google-oauth',
  'meta-capi',
] as const;
export type PartnerName = (typeof PARTNERS)[number];

/**
 * Switchable behaviours partner routes honour: slow (a hang of `slowMs`), error (5xx),
 * malformed (a broken body), low-bid and no-ads (MediaAlpha), reject (QuoteWizard refuses
 * the lead), fail (Turnstile says the token is not valid), unavailable and too-recent (Google's
 * Data Manager API: a transient UNAVAILABLE, and a refusal that names when to come back).
 */
export const BEHAVIOURS = [
  'normal',
  'slow',
  'error',
  'malformed',
  'low-bid',
  'no-ads',
  'reject',
  'fail',
  'unavailable',
  'too-recent',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export interface RecordedCall {
  partner: PartnerName;
  path: string;
  body: unknown;
  /** The client ip the partner call carried (its scope), or null when it carried none. */
  scope: string | null;
  at: number;
  /** Request details a test checks beside the body (the Data Manager stand-in's bearer token). */
  extra?: Record<string, string>;
}

interface Setting {
  behaviour: Behaviour;
  slowMs: number;
}

const DEFAULT_SLOW_MS = 5000;

/**
 * Per-process state: the behaviour of each partner and every call received, for tests to read.
 *
 * Behaviours are scoped by the visitor's ip that the partner call carries (MediaAlpha `ip`,
 * IPQS and geo path/query ip, QuoteWizard `ip_address`, Turnstile `remoteip`). A test file
 * picks its own ip (tests/support/sandbox.ts) and sets behaviours for that scope only, so
 * files running side by side never flip each other's partners. A setting without a scope is
 * the default for every ip that has none of its own (what `npm start` uses).
 */
export class SandboxState {
  private defaults = new Map<PartnerName, Setting>();
  private scoped = new Map<string, Map<PartnerName, Setting>>();
  calls: RecordedCall[] = [];

  /** The behaviour for a call from `scope` (the client ip), falling back to the global one. */
  settingFor(partner: PartnerName, scope: string | null | undefined): Setting {
    const own = scope ? this.scoped.get(scope)?.get(partner) : undefined;
    return own ?? this.defaults.get(partner) ?? { behaviour: 'normal', slowMs: DEFAULT_SLOW_MS };
  }

  behaviourFor(partner: PartnerName, scope: string | null | undefined): Behaviour {
    return this.settingFor(partner, scope).behaviour;
  }

  set(partner: PartnerName, behaviour: Behaviour, options: { scope?: string; slowMs?: number } = {}): void {
    const setting = { behaviour, slowMs: options.slowMs ?? DEFAULT_SLOW_MS };
    if (!options.scope) {
      this.defaults.set(partner, setting);
      return;
    }
    const own = this.scoped.get(options.scope) ?? new Map<PartnerName, Setting>();
    own.set(partner, setting);
    this.scoped.set(options.scope, own);
  }

  record(
    partner: PartnerName,
    path: string,
    body: unknown,
    scope: string | null = null,
    extra?: Record<string, string>,
  ): void {
    this.calls.push({ partner, path, body, scope, at: Date.now(), ...(extra ? { extra } : {}) });
    if (this.calls.length > 20_000) this.calls.splice(0, this.calls.length - 20_000);
  }

  /** Resets one scope (its behaviours and calls), or everything when no scope is named. */
  reset(scope?: string): void {
    if (scope) {
      this.scoped.delete(scope);
      this.calls = this.calls.filter((call) => call.scope !== scope);
      return;
    }
    this.defaults.clear();
    this.scoped.clear();
    this.calls = [];
  }
}

const scopeSchema = z.string().min(1).max(64);
const behaviourBody = z.object({
  partner: z.enum(PARTNERS),
  behaviour: z.enum(BEHAVIOURS),
  slowMs: z.number().int().min(0).max(60_000).optional(),
  scope: scopeSchema.optional(),
});
const resetBody = z.object({ scope: scopeSchema.optional() });

export function behaviourRoutes(state: SandboxState) {
  const app = new Hono();
  app.post('/behaviour', async (c) => {
    const parsed = behaviourBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 400);
    const { partner, behaviour, slowMs, scope } = parsed.data;
    state.set(partner, behaviour, { scope, slowMs });
    return c.json({ ok: true, partner, behaviour: state.behaviourFor(partner, scope) });
  });
  app.post('/reset', async (c) => {
    const parsed = resetBody.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 400);
    state.reset(parsed.data.scope);
    return c.json({ ok: true });
  });
  app.get('/calls', (c) => {
    const partner = c.req.query('partner');
    const scope = c.req.query('scope');
    return c.json({
      calls: state.calls.filter((call) => (!partner || call.partner === partner) && (!scope || call.scope === scope)),
    });
  });
  return app;
}
