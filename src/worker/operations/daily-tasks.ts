/**
 * The tasks of the daily cron, by name: cron.ts runs them, the health checks expect each to have
 * run within a day, and `POST /ops/cron/run` reruns one. Pure, so the three agree without a loop.
 */
export const DAILY_TASKS = [
  'lead-retention',
  'lead-move',
  'events-hot-window',
  'privacy-requests',
  'erased-marks',
  'partner-deletions',
  'archive-erasures',
  'archive-compaction',
  'revenue-retention',
  'table-retention',
  'ops-counters',
] as const;
export type DailyTask = (typeof DAILY_TASKS)[number];

/** Tasks of every cron run (each five minutes), before the health checks. */
export const FREQUENT_TASKS = ['lead-requeue'] as const;
export type FrequentTask = (typeof FREQUENT_TASKS)[number];
