/**
 * Where each health check turns red. Chosen to page a person well before visitors, buyers or the
 * books notice. Pure data: docs/on-call.md is generated from it (npm run health:docs).
 */
export const THRESHOLDS = {
  /** D1's per-database limit on the paid plan. */
  d1LimitBytes: 10 * 1000 ** 3,
  /**
   * Alert at 75 %: planned so that at full traffic (1M events, 100k leads a day) D1's daily peak
   * stays under it (docs/operating.md, Capacity; measured 2026-11-28 it does not yet: 19.6 GB in
   * the worst case, `npm run capacity`, docs/decisions/0280), so the alert sits above the normal peak and 2.5 GB
   * below the limit: more than a day's growth (~2.7 GB) if the nightly prune and lead move stopped,
   * which the missed-cron and lead-move-backlog checks report first.
   */
  d1AlertShare: 0.75,
  /** A partner failing on this share of its calls in the window, with at least `partnerMinCalls` calls. */
  partnerErrorRate: 0.2,
  partnerMinCalls: 20,
  windowMinutes: 15,
  /** Events accepted but not yet seen by the consumer in the window. */
  eventBacklog: 20_000,
  /** A lead delivery (to any buyer) still queued, retrying or being sent this many minutes after it was queued. */
  leadDeliveryWaitMinutes: 30,
  /** How far back a failed delivery or ad conversion keeps its check red: a day, so a night's failures are seen in the morning. */
  failedLookbackHours: 24,
  /**
   * A buyer refusing this share of the leads it answered in the last `rejectWindowMinutes`, with
   * at least `rejectMinAnswers` answers: a buyer that refuses everything is lost money even
   * though every call "worked". Buyers refuse some leads every day; nine in ten is not normal.
   */
  rejectShare: 0.9,
  rejectMinAnswers: 10,
  rejectWindowMinutes: 60,
  /** The daily cron should have run each of its tasks within this many hours (and, after the first day, at all). */
  dailyCronHours: 26,
  /** Rotate the lead-certificate signing key yearly. */
  signingKeyDays: 365,
} as const;
