/**
 * The daily Cron Trigger's privacy and retention work, in the order each part needs:
 * - leads get their fingerprints while their values are there, then retention clears the values
 *   (and, after a day, the duplicate-lead key);
 * - the events cron rolls up, archives and prunes old raw rows, then the archive sweep deletes
 *   the days past retention (it waits for a day's rows to be pruned first);
 * - do-not-sell requests lose their raw contact for fingerprints;
 * - archive erasures and partner deletion requests whose queue message was lost are run.
 * One failing part does not stop another; each reports its own error.
 */
import { maintainEvents, runPendingErasures } from '../archive';
import { reportError } from '../observability/report-error';
import { sweepExpiredArchive } from './archive-retention';
import { forgetOldErasedMarks } from './erased-visitors';
import { fingerprintLeads, fingerprintPrivacyRequests } from './fingerprint-backfill';
import { sendPendingPartnerDeletions } from './partner-deletions';
import { clearStaleDedupeKeys, purgeExpiredLeadValues } from './retention';

export async function forgetOnSchedule(env: Env, now: Date): Promise<void> {
  const part = (where: string, run: () => Promise<unknown>) =>
    run().catch((err: unknown) => reportError(env, err, { where: `schedule.${where}` }));
  await Promise.all([
    part('leads', async () => {
      await fingerprintLeads(env);
      await purgeExpiredLeadValues(env, now);
      await clearStaleDedupeKeys(env, now);
    }),
    part('events', async () => {
      await maintainEvents(env, now);
      await sweepExpiredArchive(env, now);
    }),
    part('privacy-requests', () => fingerprintPrivacyRequests(env)),
    part('erased-marks', () => forgetOldErasedMarks(env.DB, now)),
    part('erasures', () => runPendingErasures(env, now)),
    part('partner-deletions', () => sendPendingPartnerDeletions(env, now)),
  ]);
}
