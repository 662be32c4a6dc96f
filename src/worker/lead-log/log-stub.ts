import { logJson } from '../observability/log';

/** The one log object (every brand's certificates in one tree). */
export function leadLog(env: Pick<Env, 'LEAD_LOG'>) {
  return env.LEAD_LOG.get(env.LEAD_LOG.idFromName('lead-log/v1'));
}

/**
 * After a certificate was queued for the log: append it now. Never throws and is never awaited
 * by a visitor's request (waitUntil): a failed poke leaves the certificate queued for the alarm,
 * and the certificate's page says it is pending inclusion meanwhile.
 */
export async function pokeLeadLog(env: Pick<Env, 'LEAD_LOG'>): Promise<void> {
  try {
    await leadLog(env).poke();
  } catch (error) {
    logJson('warn', 'lead log append failed; left for the next alarm', {
      where: 'lead-log.poke',
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
