/**
 * Where a certificate stands in the log, for its inclusion route and its JSON: included (with the
 * proof), pending inclusion (queued, or appended but not yet under a signed head), or unknown.
 * Reading it never fails a certificate's page: a log that cannot answer says pending.
 */
import { logJson } from '../observability/log';
import type { LogStatus } from '../../shared/consent/log-status';
import type { InclusionAnswer } from './lead-log-do';
import { leadLog } from './log-stub';

export async function logStatus(env: Pick<Env, 'LEAD_LOG' | 'DB'>, certificateId: string): Promise<LogStatus> {
  let answer: InclusionAnswer;
  try {
    answer = await leadLog(env).inclusion(certificateId);
  } catch (error) {
    logJson('warn', 'lead log unavailable', {
      where: 'lead-log.status',
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 'pending' };
  }
  if (answer.status !== 'not_logged') return answer;
  const queued = await env.DB.prepare('SELECT 1 AS n FROM lead_log_pending WHERE certificate_id = ?')
    .bind(certificateId)
    .first();
  return queued ? { status: 'pending' } : { status: 'unknown' };
}
