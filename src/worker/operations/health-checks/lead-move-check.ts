import { leadMoveCutoff } from '../../lead-archive/move';
import { CATALOG } from './catalog';
import { defineCheck } from './types';

/** Leads a day past the move's cutoff: yesterday's move (or its Workflows) did not finish, and D1 grows. */
export const leadMoveBacklogCheck = defineCheck(CATALOG['leads:move-backlog'], async ({ env, now }) => {
  const overdueBefore = new Date(Date.parse(leadMoveCutoff(env, now)) - 86_400_000).toISOString();
  const overdue =
    (
      await env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE created_at < ?`)
        .bind(overdueBefore)
        .first<{ n: number }>()
    )?.n ?? 0;
  return [
    [
      'leads:move-backlog',
      overdue === 0,
      overdue === 0
        ? 'no lead waits past its day to leave D1'
        : `${overdue} leads created before ${overdueBefore} are still in D1`,
    ],
  ];
});
