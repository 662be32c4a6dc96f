import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, hoursAgo } from './types';

export const failedJobsCheck = defineCheck(CATALOG['jobs:failed'], async ({ env, now }) => {
  const { results } = await env.DB.prepare(
    `SELECT kind, subject FROM archive_jobs WHERE status = 'failed' AND updated_at > ?`,
  )
    .bind(hoursAgo(now, THRESHOLDS.failedLookbackHours))
    .all<{ kind: string; subject: string }>();
  return [
    [
      'jobs:failed',
      results.length === 0,
      results.length === 0
        ? `no long job failed in ${THRESHOLDS.failedLookbackHours} h`
        : `failed in ${THRESHOLDS.failedLookbackHours} h: ${results.map((j) => `${j.kind} ${j.subject}`).join(', ')}`,
    ],
  ];
});
