/**
 * Spec 7.6: the ip-quality check, once per session as it starts. The body names the user
 * and the session; the Worker takes the ip and user agent from the request. The result is
 * kept in local storage with its session id, so every later event of that session, in any
 * tab, carries it (event context `ipQuality`). A failure is reported through the Worker's
 * error reporting (spec section 8) and never shown.
 */
import { fetchWithRetry } from '../../../shared/fetch-client';
import { isObject, readJson, writeJson } from './storage';

const IPQ_KEY = 'qf_ipq';

/** The stored result of this session, or null (another session's result never counts). */
export function ipQualityFor(sessionId: string): Record<string, unknown> | null {
  const stored = readJson('local', IPQ_KEY);
  if (!isObject(stored) || stored.sessionId !== sessionId || !isObject(stored.result)) return null;
  return stored.result;
}

export function storeIpQuality(sessionId: string, result: Record<string, unknown>): void {
  writeJson('local', IPQ_KEY, { sessionId, result });
}

type Report = (kind: 'ipCheck', message: string, status?: number) => void;

/** Checks the ip once for this session; resolves when the result is stored (or the check failed). */
export async function checkIpQualityOnce(userId: string, sessionId: string, report: Report): Promise<void> {
  if (sessionId === 'no-session' || ipQualityFor(sessionId)) return;
  // Marked before the call, so a second tab opened meanwhile does not check again.
  const pendingKey = `${IPQ_KEY}_pending`;
  if (readJson('session', pendingKey) === sessionId) return;
  writeJson('session', pendingKey, sessionId);
  try {
    const res = await fetchWithRetry('/api/ipqs/check-ip', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, sessionId }),
    });
    const body: unknown = await res.json().catch(() => null);
    if (res.ok && isObject(body) && isObject(body.result)) {
      storeIpQuality(sessionId, body.result);
      return;
    }
    // 502 partner_unavailable: the Worker has reported the partner failure itself.
    const code = isObject(body) && isObject(body.error) ? body.error.code : null;
    if (code !== 'partner_unavailable') report('ipCheck', `ip check answered ${res.status}`, res.status);
  } catch (error) {
    report('ipCheck', error instanceof Error ? error.message : 'ip check failed');
  } finally {
    writeJson('session', pendingKey, null);
  }
}
