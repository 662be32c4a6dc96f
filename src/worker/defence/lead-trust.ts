import type { Context } from 'hono';
import { z } from 'zod';
import { checkIp, ipQualitySchema, type IpQuality } from '../../partners/ipqs';
import { siteverify, TURNSTILE_TOKEN_MAX } from '../../partners/turnstile';
import type { FormValues } from '../../shared/json';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import { sessionFromCookie } from '../tracking/session';
import { visitorStub } from '../visitor';
import { contactSignals } from './contact-signals';
import { throughBreaker } from './partner-guard';
import { enforceLimit, recentLimitHits } from './rate-limit';
import { judgeLead, type IpSignal, type TrustSignals, type TrustVerdict, type TurnstileResult } from './verdict';

/**
 * The trust verdict of a lead (issue 12), made at the edge when the final step is accepted:
 * the lead-creation limit first (429 over it, nothing written), then every signal at once
 * (Turnstile's siteverify, IPQS, the page's bot check, speed, honeypot, rate-limit hits,
 * duplicates, disposable email), then the verdict. Nothing here blocks a person: a partner
 * that fails or is slow leaves its signal unknown, never the lead unwritten.
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

/** Turnstile must not hold up a person's last click for long; past this the result is `error`. */
const TURNSTILE_TIMEOUT_MS = 1000;
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

async function turnstileResult(c: TrustContext, token: string | null, submissionId: string): Promise<TurnstileResult> {
  if (!c.env.TURNSTILE_SECRET_KEY) return 'not-configured';
  if (token === null || token === '') return 'unverified';
  // A token longer than any Turnstile issues is not sent anywhere: it is forged.
  if (token.length > TURNSTILE_TOKEN_MAX) return 'failed';
  try {
    const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
    const reply = await throughBreaker(c, 'turnstile', () =>
      siteverify(c.env, { token, ip, idempotencyKey: submissionId }, TURNSTILE_TIMEOUT_MS),
    );
    return reply.success ? 'passed' : 'failed';
  } catch {
    return 'error';
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

/** The verdict of the lead about to be written; throws the 429 when lead creation is over its limit. */
export async function assessLead(c: TrustContext, input: LeadTrustInput): Promise<LeadTrust> {
  await enforceLimit(c, 'lead');
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  const [turnstile, ipq, botCheck, startedAt, hits, contact] = await Promise.all([
    turnstileResult(c, input.turnstileToken, input.submissionId),
    ipQuality(c),
    recallJson(c, 'bot-check', storedBotCheck),
    visitorStub(c.env, c.var.visitorId)
      .formStartedAt(input.form)
      .catch(() => null),
    recentLimitHits(c.env, ip, c.var.visitorId),
    contactSignals(c.env.DB, c.env.LEAD_HASH_SALT ?? '', input.values, input.leadVisitorId),
  ]);
  const transitions = Math.max(0, input.stepCount - 1);
  const signals: TrustSignals = {
    turnstile,
    botCheck,
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

/**
 * Stores the verdict on the lead row (first verdict wins, like the row itself), on the
 * visitor (so get-phone withholds a `bot` lead's visitor) and on a `leadCreated` event.
 */
export async function recordLeadTrust(c: TrustContext, input: LeadTrustInput, trust: LeadTrust): Promise<void> {
  let written = false;
  try {
    const result = await c.env.DB.prepare(
      `UPDATE leads SET trust_verdict = ?, trust_reasons = ?, trust_signals = ?, turnstile = ?, trust_phone_hash = ?, trust_email_hash = ?, traffic_source = ?
       WHERE visitor_id = ? AND form = ? AND submission_id = ? AND trust_verdict IS NULL`,
    )
      .bind(
        trust.verdict,
        JSON.stringify(trust.reasons),
        JSON.stringify(trust.signals),
        trust.turnstile,
        trust.phoneHash,
        trust.emailHash,
        trust.trafficSource,
        input.leadVisitorId,
        input.form,
        input.submissionId,
      )
      .run();
    written = (result.meta.changes ?? 0) > 0;
  } catch (error) {
    logJson('error', 'lead trust verdict not stored', {
      where: 'defence.lead-trust',
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
  if (!written) return;
  await visitorStub(c.env, c.var.visitorId)
    .rememberPartnerResult(
      'lead-trust',
      JSON.stringify({ verdict: trust.verdict, reasons: trust.reasons, at: new Date().toISOString() }),
    )
    .catch(() => undefined);
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
}
