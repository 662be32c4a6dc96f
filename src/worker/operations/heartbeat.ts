import { redactText } from '../../shared/redact';
import { logJson } from '../observability/log';

/**
 * The heartbeat: every health run ends with one GET of HEALTH_HEARTBEAT_URL (a var: a
 * heartbeat monitor's ping address, e.g. healthchecks.io's `https://hc-ping.com/<uuid>` or Better
 * Stack's heartbeat URL, both of which take a plain GET). The monitor pages when the pings stop,
 * which is the one failure the Worker cannot report itself: a cron that no longer runs. Never
 * throws; empty means off.
 */
const TIMEOUT_MS = 5_000;

export async function pingHeartbeat(env: { HEALTH_HEARTBEAT_URL?: string }): Promise<string> {
  const url = env.HEALTH_HEARTBEAT_URL?.trim();
  if (!url) return 'no heartbeat URL set';
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    if (response.ok) return 'heartbeat sent';
    logJson('error', 'heartbeat refused', { where: 'heartbeat', status: response.status });
    return `heartbeat refused: HTTP ${response.status}`;
  } catch (error) {
    const detail = redactText(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
    logJson('error', 'heartbeat failed', { where: 'heartbeat', error: detail });
    return `heartbeat failed: ${detail}`;
  }
}
