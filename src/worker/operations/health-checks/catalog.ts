import { THRESHOLDS as T } from './thresholds';

/**
 * What each health check means to the person paged by it: its id (a family such as
 * `partner:<name>` yields one check per partner), where it turns red, and a runbook paragraph
 * in three parts (what it means, where to look, how to fix). Pure data, read by the checks
 * themselves (each result carries its entry's id), by the alert text and by
 * `npm run health:docs`, which writes docs/on-call.md; a test fails while that file is stale.
 */
export interface CheckEntry {
  id: string;
  title: string;
  threshold: string;
  means: string;
  look: string;
  fix: string;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;

export const CATALOG = {
  configuration: {
    id: 'configuration',
    title: 'Secrets',
    threshold: 'any required secret missing, malformed, or a development value outside development',
    means:
      'The routes a secret guards answer 503 naming it (leads, partner proxies, the operator pages); visitors may be unable to finish a form.',
    look: 'The check summary names the secret and what it refuses; `/healthz` answers 503; `npx wrangler secret list --env <env>` shows which names are set.',
    fix: '`npx wrangler secret put NAME --env <env>` with a real value (docs/operating.md, step 4). The check passes on the next health run; no deploy is needed.',
  },
  'jobs:failed': {
    id: 'jobs:failed',
    title: 'Long jobs (Workflows)',
    threshold: `any rebuild, compaction, erasure or lead-move job failed in the last ${T.failedLookbackHours} h`,
    means:
      'A Workflow gave up: rollups were not rebuilt, an archive day not compacted, a privacy erasure or a lead move not finished.',
    look: '`/ops/health`, "Long jobs": the job, its subject and its error; `GET /ops/jobs/{id}`; Workers Logs for `long-jobs`.',
    fix: 'Fix the cause, then start the job again (`POST /ops/jobs` with the same kind and subject; an erasure or lead move is also restarted by the daily cron). A job only deletes what it has confirmed written.',
  },
  'leads:move-backlog': {
    id: 'leads:move-backlog',
    title: 'Leads waiting to leave D1',
    threshold: 'any lead a whole day past its move cutoff (`LEADS_HOT_DAYS`) still in D1',
    means:
      "Last night's lead move (or the Workflow it handed over to) did not finish; D1 grows by a day of leads each night it stays so.",
    look: '`/ops/health`: `cron:lead-move` and its detail, the lead-move jobs in "Long jobs".',
    fix: 'Fix what failed, then rerun the task: `POST /ops/cron/run {"task":"lead-move"}` (operator token). It moves only leads whose R2 objects it wrote and confirmed.',
  },
  'cron:<task>': {
    id: 'cron:<task>',
    title: 'A cron task failed',
    threshold: 'the last run of the task failed',
    means:
      'One daily task (or the health run itself) threw; the others ran. What the task was to do (retention, the events prune, erasures, re-sends) waits for the next run.',
    look: '`/ops/health`, "Last cron run per task": the redacted error; Workers Logs `cron task <task> failed`.',
    fix: 'Fix the cause and rerun that task at once: `POST /ops/cron/run {"task":"<task>"}` with the operator token (each task deletes nothing it has not confirmed elsewhere, so a rerun is safe). The check passes with its next good run.',
  },
  'cron:daily-missing': {
    id: 'cron:daily-missing',
    title: 'The daily cron did not run',
    threshold: `a daily task whose last run is over ${T.dailyCronHours} h old, or that never ran ${T.dailyCronHours} h after the first cron run of this deployment`,
    means:
      'The 03:17 UTC cron is not registered, or every run dies before recording: retention, the events prune and the lead move stop, and D1 grows.',
    look: 'Dashboard, Workers, the Worker, Settings, Triggers (is `17 3 * * *` there?); Workers Logs around 03:17 UTC; `/ops/health` cron table.',
    fix: 'Redeploy (`npm run deploy -- --env <env>` registers the triggers from wrangler.toml), then run each missing task once: `POST /ops/cron/run {"task":"<task>"}`.',
  },
  'queue:events-backlog': {
    id: 'queue:events-backlog',
    title: 'Events piling up',
    threshold: `${T.eventBacklog.toLocaleString('en-US')} or more events accepted and not consumed in ${T.windowMinutes} min`,
    means:
      'The EVENTS consumer is slower than the traffic or failing: reports lag, and past the retries events go to the dead-letter queue.',
    look: 'Dashboard, Queues, `quote-funnel-events-<env>` (backlog, consumer errors); `/ops/health` queues; Workers Logs `queue.`.',
    fix: 'Usually D1: see `d1:size` and the consumer errors. Once the consumer keeps up the backlog drains by itself; then replay any dead letters (`npm run dlq:replay -- --queue events --env <env>`).',
  },
  'queue:dead-letters': {
    id: 'queue:dead-letters',
    title: 'Messages dead-lettered',
    threshold: `any message sent to a dead-letter queue in ${T.windowMinutes} min`,
    means:
      'Events (or, moved by the platform, lead deliveries and ad conversions) gave up after their retries and wait in a dead-letter queue; the reports or buyers miss them until replayed.',
    look: 'Dashboard, Queues, the `-dlq` queues and their backlog; Workers Logs `queue.poison` and `d1-write-failed`.',
    fix: 'Fix the cause first, then `npm run dlq:replay -- --queue events|leads|ad-conversions --env <env>` (pulls each message, sends it back to its queue, acks it; replaying twice is harmless: every consumer is idempotent).',
  },
  'delivery:quotewizard': {
    id: 'delivery:quotewizard',
    title: 'Auto leads not reaching QuoteWizard',
    threshold: `any lead failed in ${T.failedLookbackHours} h, any waiting over ${T.leadDeliveryWaitMinutes} min, or ${pct(T.rejectShare)} of ${T.rejectMinAnswers}+ answers in ${T.rejectWindowMinutes} min refused`,
    means:
      'Auto leads are not being sold: QuoteWizard refused our request (4xx), was down through every retry, or refuses every lead. Each one is money lost.',
    look: "`/ops/health`: the summary and `partner:quotewizard`; D1 `SELECT quotewizard_status, quotewizard_error, COUNT(*) FROM leads WHERE created_at > date('now','-1 day') GROUP BY 1, 2`.",
    fix: "A 4xx: the API key or the mapping (tell QuoteWizard, fix, deploy). Down: wait, then re-queue the failed leads by setting `quotewizard_status = 'unsent'` on them (the five-minute cron sends them again, once each). Refusals: ask QuoteWizard (filters, caps, the account).",
  },
  'delivery:seller:<company>': {
    id: 'delivery:seller:<company>',
    title: 'Medicare leads not reaching a company',
    threshold: `for each Medicare company: any lead failed in ${T.failedLookbackHours} h, any waiting over ${T.leadDeliveryWaitMinutes} min, or ${pct(T.rejectShare)} of ${T.rejectMinAnswers}+ answers in ${T.rejectWindowMinutes} min refused`,
    means:
      'A company the visitors ticked is not receiving their leads through the lead router (`SELLER_DELIVERY_BASE_URL`): the router errs, times out or refuses.',
    look: "`/ops/health`: the summary and `partner:seller:<company>`; D1 `SELECT status, error, COUNT(*) FROM lead_deliveries WHERE recipient = '<company>' GROUP BY 1, 2`.",
    fix: "Fix the router or the company endpoint. Failed rows go out again when set back to `unsent` (`UPDATE lead_deliveries SET status = 'unsent' WHERE recipient = ? AND status = 'failed'`): the five-minute cron re-queues them and the consumer sends each once.",
  },
  'delivery:unsent': {
    id: 'delivery:unsent',
    title: 'Lead deliveries the queue refused',
    threshold: 'any delivery still `unsent` after the five-minute re-queue ran',
    means:
      'The LEAD_DELIVERY queue refused a send (a Queues incident or a limit): the lead is safe in D1 but reaches no buyer until re-queued.',
    look: "Cloudflare status (Queues); `/ops/health` cron table, task `lead-requeue` and its detail; D1 `SELECT COUNT(*) FROM lead_deliveries WHERE status = 'unsent'`.",
    fix: 'Nothing by hand once Queues accepts again: every five minutes `lead-requeue` marks each unsent row queued (one conditional update, so never twice) and sends it; the consumer delivers it once. To force it: `POST /ops/cron/run {"task":"lead-requeue"}`.',
  },
  'ad-conversions:failed': {
    id: 'ad-conversions:failed',
    title: 'Ad platforms not told of conversions',
    threshold: `any conversion to Google Ads or Meta failed in ${T.failedLookbackHours} h`,
    means:
      'Google Ads or Meta refused or never received a conversion: bidding learns from less than was sold, and the campaigns overpay.',
    look: "The check's summary and `/ops/health` (platform, reason, count); D1 `SELECT platform, error, COUNT(*) FROM ad_conversions WHERE status = 'failed' GROUP BY 1, 2`. For Google the error is Google's own code and reason (e.g. `PERMISSION_DENIED`, `INVALID_ARGUMENT: ...`); the platform's diagnostics page.",
    fix: 'Google: a refused token or `PERMISSION_DENIED` means the service account lost access: replace `GOOGLE_SERVICE_ACCOUNT_KEY` or add its email back as a user of the Google Ads account (docs/operating.md); an `INVALID_ARGUMENT` names the field built wrong (a code fix). Meta: an expired token, replace `META_CAPI_ACCESS_TOKEN`. Then replay the dead letters: `npm run dlq:replay -- --queue ad-conversions --env <env>`.',
  },
  'd1:size': {
    id: 'd1:size',
    title: 'D1 near its size limit',
    threshold: `any D1 database over ${pct(T.d1AlertShare)} of its ${T.d1LimitBytes / 1e9} GB`,
    means:
      'Past 10 GB (a limit per database: DB; ADS_DB with the ad conversions; REVENUE_DB with the revenue store; LEASES_DB with the lease history) every write to that database fails: in DB no events, no leads; in ADS_DB no conversion queued for Google or Meta; in REVENUE_DB no payout or visit value; in LEASES_DB no lease history, so a call payout finds no visit. The summary names the database over. Each should hold flat under this at the traffic seen (`npm run capacity` prints the plan per database at full traffic, each under its alert: docs/decisions/0341), so this means the prune or the move stopped, or traffic grew.',
    look: '`/ops/health`, D1 (each database); `cron:events-hot-window`, `cron:lead-move`, `cron:table-retention`, `leads:move-backlog`; docs/operating.md, Capacity.',
    fix: 'Rerun the prune and the move (`POST /ops/cron/run`), then pull the levers in docs/decisions/0341 (a measured share of priced visits for REVENUE_DB, certificates to R2 or a shorter events window for DB).',
  },
  'partner:<name>': {
    id: 'partner:<name>',
    title: 'A partner failing',
    threshold: `a partner (MediaAlpha, IPQS, QuoteWizard, each Medicare company) failing ${pct(T.partnerErrorRate)} of ${T.partnerMinCalls}+ calls in ${T.windowMinutes} min`,
    means:
      'Visitors get the default number and no offers (MediaAlpha), no quality check (IPQS), or leads wait for retries (the buyers).',
    look: "`/ops/health`, Partners: calls, errors, mean latency; the partner's status page; Workers Logs `partner`.",
    fix: 'Usually theirs: tell the partner. Ours when every call fails at once after a deploy or a secret change: check the key and the base URL, roll back (`npx wrangler rollback --env <env>`).',
  },
  'breaker:<name>': {
    id: 'breaker:<name>',
    title: 'A circuit breaker opened',
    threshold: `a partner's breaker opened in ${T.windowMinutes} min`,
    means:
      'Five calls in a row failed in one Cloudflare location; for `BREAKER_OPEN_SECONDS` visitors there get defaults without a call.',
    look: 'As `partner:<name>`; the breaker closes by itself after one good trial call.',
    fix: 'Nothing if it closes; if it keeps opening, treat it as `partner:<name>`.',
  },
  'signing-key:age': {
    id: 'signing-key:age',
    title: 'Certificate signing key old',
    threshold: `the lead-certificate key first used over ${T.signingKeyDays} days ago`,
    means: 'Certificates stay valid; the yearly rotation is due.',
    look: '`/ops/health`, Signing key.',
    fix: 'Rotate: README, "Operating" (a new key with a new `kid`; the old public key stays published so old certificates still verify).',
  },
} as const satisfies Record<string, CheckEntry>;

/** The anchor of an entry's section in docs/on-call.md. */
export function runbookAnchor(entryId: string): string {
  return entryId.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The catalog entry a check result belongs to: its own id, or its family (`partner:mediaalpha` is `partner:<name>`). */
export function entryOf(checkId: string): CheckEntry | undefined {
  const entries: CheckEntry[] = Object.values(CATALOG);
  return (
    entries.find((e) => e.id === checkId) ??
    entries.find((e) => e.id.includes('<') && checkId.startsWith(e.id.slice(0, e.id.indexOf('<'))))
  );
}
