import type { Context } from 'hono';
import { z } from 'zod';
import { checkIp, ipQualitySchema, type IpQuality } from '../../partners/ipqs';
import type { FormValues } from '../../shared/json';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import { sessionFromCookie } from '../tracking/session';
import { visitorStub } from '../visitor';
import { contactSignals } from './contact-signals';
import { throughBreaker } from './partner-guard';
import { enforceLimit, recentLimitHits } from './rate-limit';
import { TRUST_REASON_CODES, worseVerdict, type TrustReason, type Verdict } from './thresholds';
import { checkTurnstile } from './turnstile-check';
import { userAgentIsBot } from './user-agent-check';
import { judgeLead, type IpSignal, type TrustSignals, type TrustVerdict, type TurnstileResult } from './verdict';

/**
 * The trust verdict of a lead, made at the edge on every final submit: every signal at once
 * (Turnstile's siteverify and the token's single use, IPQS, the Worker's check of the user
 * agent, the page's bot check, speed, honeypot, rate-limit hits, duplicates, disposable email),
 * then the verdict (the rule table is thresholds.ts), merged with the lead's earlier ones (the
 * worst wins and the reasons accumulate, so a resubmission can only make a lead less
 * trusted). Nothing here blocks a person: a partner that fails or is slow leaves its signal
 * unknown, never the lead unwritten; what the verdict withholds is delivery (delivery-policy.ts).
 */
export interface LeadTrustInput {
  form: string;
  product: string;
  page: string;
  /** Steps of the form: the speed signal averages over the transitions between them. */
  stepCount: number;
  values: FormValues;
  submissionId: string;
  /** The visitor id the lead row carries (its `visitor_id`). */
  leadVisitorId: string;
  /**
   * The lead's contact fingerprint (the phone's, else the email's; null with neither): with the
   * visitor and form it names the lead a Turnstile token is redeemed for, as recordLead names a lead.
   */
  contactFingerprint: string | null;
  /** The quote-token check of the lead (valid, absent, expired, ...). */
  quoteTokenCheck: string;
  turnstileToken: string | null;
  honeypot: string | null;
}

export interface LeadTrust extends TrustVerdict {
  signals: TrustSignals;
  turnstile: TurnstileResult;
  phoneHash: string | null;
  emailHash: string | null;
  trafficSource: string;
}

/** IPQS at lead time (when the page never asked): cached per ip in KV, so usually instant. */
const IPQS_AT_LEAD_TIMEOUT_MS = 1000;

const storedBotCheck = z.object({ bot: z.boolean(), signals: z.array(z.string().max(64)).max(20) });
const storedIpQuality = z.union([z.object({ result: ipQualitySchema }).transform((v) => v.result), ipQualitySchema]);

type TrustContext = Context<AppEnv>;

async function recallJson<S extends z.ZodType>(
  c: TrustContext,
  kind: 'bot-check' | 'ip-quality',
  schema: S,
): Promise<z.infer<S> | null> {
  try {
    const text = await visitorStub(c.env, c.var.visitorId).recallPartnerResult(kind);
    if (text === null) return null;
    const parsed = schema.safeParse(JSON.parse(text) as unknown);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function ipSignal(q: IpQuality): IpSignal {
  return {
    fraudScore: q.fraudScore,
    proxy: q.proxy,
    vpn: q.vpn,
    tor: q.tor,
    recentAbuse: q.recentAbuse,
    bot: q.bot,
    crawler: q.crawler,
  };
}

async function ipQuality(c: TrustContext): Promise<IpSignal | null> {
  const stored = await recallJson(c, 'ip-quality', storedIpQuality);
  if (stored) return ipSignal(stored);
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  if (ip === '') return null;
  try {
    const env = { ...c.env, PARTNER_TIMEOUT_MS: String(IPQS_AT_LEAD_TIMEOUT_MS) };
    const { result } = await throughBreaker(c, 'ipqs', () =>
      checkIp(env, ip, (c.req.header('user-agent') ?? '').slice(0, 512)),
    );
    return ipSignal(result);
  } catch {
    return null;
  }
}

function trafficSource(c: TrustContext): string {
  const source = sessionFromCookie(c)?.urlParams.utm_source?.trim().toLowerCase();
  return source ? source.slice(0, 64) : '(direct)';
}

/** The lead-creation limit: the 429 (nothing written) when this client made too many leads. */
export async function enforceLeadLimit(c: TrustContext): Promise<void> {
  await enforceLimit(c, 'lead');
}

/** The verdict of this submission of the lead, from every signal. */
export async function assessLead(c: TrustContext, input: LeadTrustInput): Promise<LeadTrust> {
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  const [turnstile, ipq, botCheck, startedAt, hits, contact] = await Promise.all([
    checkTurnstile(c, {
      token: input.turnstileToken,
      visitorId: input.leadVisitorId,
      form: input.form,
      contactFingerprint: input.contactFingerprint,
    }),
    ipQuality(c),
    recallJson(c, 'bot-check', storedBotCheck),
    visitorStub(c.env, c.var.visitorId)
      .formStartedAt(input.form)
      .catch(() => null),
    recentLimitHits(c.env, ip, c.var.visitorId),
    contactSignals(c.env.DB, c.env.LEAD_HASH_SALT ?? '', {
      values: input.values,
      visitorId: input.leadVisitorId,
      product: input.product,
    }),
  ]);
  const transitions = Math.max(0, input.stepCount - 1);
  const signals: TrustSignals = {
    turnstile,
    botCheck,
    userAgentBot: userAgentIsBot(c.req.header('user-agent')),
    ip: ipq,
    quoteToken: input.quoteTokenCheck,
    msToComplete: startedAt !== null && transitions > 0 ? Math.max(0, Date.now() - startedAt) : null,
    stepTransitions: transitions,
    honeypot: typeof input.honeypot === 'string' && input.honeypot.trim() !== '',
    rateLimited: hits,
    phoneSeenElsewhere: contact.duplicatePhone,
    emailSeenElsewhere: contact.duplicateEmail,
    emailDomainDisposable: contact.disposableEmail,
  };
  return {
    ...judgeLead(signals),
    signals,
    turnstile,
    phoneHash: contact.phoneHash,
    emailHash: contact.emailHash,
    trafficSource: trafficSource(c),
  };
}

function storedReasons(text: string | null): TrustReason[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value)
      ? value.filter((r): r is TrustReason => TRUST_REASON_CODES.includes(r as TrustReason))
      : [];
  } catch {
    return [];
  }
}

function isVerdict(value: unknown): value is Verdict {
  return value === 'clean' || value === 'suspect' || value === 'bot';
}

/**
 * Stores the lead's verdict on its row, on the visitor (so get-phone withholds a `bot` lead's
 * visitor) and, for the lead's first verdict, on a `leadCreated` event. The verdict stored is
 * the worst of this submission's and every earlier one's, with their reasons together; this
 * submission's signals are the ones kept. Returns the lead's verdict as it now stands (this
 * submission's alone when the row cannot be read).
 */
export async function recordLeadTrust(
  c: TrustContext,
  input: LeadTrustInput,
  trust: LeadTrust,
  leadId: string,
): Promise<TrustVerdict> {
  let merged: TrustVerdict = { verdict: trust.verdict, reasons: trust.reasons };
  let first = false;
  try {
    const where = 'id = ?';
    const key = [leadId] as const;
    const stored = await c.env.DB.prepare(`SELECT trust_verdict, trust_reasons FROM leads WHERE ${where}`)
      .bind(...key)
      .first<{ trust_verdict: string | null; trust_reasons: string | null }>();
    first = !stored || stored.trust_verdict === null;
    if (stored && isVerdict(stored.trust_verdict)) {
      const reasons = [...new Set([...storedReasons(stored.trust_reasons), ...trust.reasons])];
      merged = { verdict: worseVerdict(stored.trust_verdict, trust.verdict), reasons };
    }
    await c.env.DB.prepare(
      `UPDATE leads SET trust_verdict = ?, trust_reasons = ?, trust_signals = ?, turnstile = ?, trust_phone_hash = ?, trust_email_hash = ?, traffic_source = ?
       WHERE ${where}`,
    )
      .bind(
        merged.verdict,
        JSON.stringify(merged.reasons),
        JSON.stringify(trust.signals),
        trust.turnstile,
        trust.phoneHash,
        trust.emailHash,
        trust.trafficSource,
        ...key,
      )
      .run();
  } catch (error) {
    logJson('error', 'lead trust verdict not stored', {
      where: 'defence.lead-trust',
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
  await visitorStub(c.env, c.var.visitorId)
    .rememberPartnerResult(
      'lead-trust',
      JSON.stringify({ verdict: merged.verdict, reasons: merged.reasons, at: new Date().toISOString() }),
    )
    .catch(() => undefined);
  if (first)
    trackFromServer(
      c,
      'leadCreated',
      {
        form: input.form,
        product: input.product,
        verdict: trust.verdict,
        reasons: trust.reasons,
        signals: trust.signals,
        turnstile: trust.turnstile,
        trafficSource: trust.trafficSource,
      },
      { page: input.page },
    );
  return merged;
}
