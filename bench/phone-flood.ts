/**
 * the flood figure: 300 cookie-less get-phone posts from ONE client ip, as a script
 * would send them. Every one is a new visitor (no cookie), so only the per-ip phone limit
 * (RATE_LIMIT_PHONE, 12 a minute) stands between the flood and MediaAlpha: the figure is how
 * many partner calls reached the sandbox for that ip, beside the answers the flood got.
 */
import { send, type Harness } from './harness';
import { BENCH_USER_AGENT } from './visitors';

export interface FloodResult {
  ip: string;
  requests: number;
  statuses: Record<string, number>;
  /** The `source` of each 200 answer: partner, limited, default... */
  sources: Record<string, number>;
  /** Partner calls the sandbox recorded with the flood's ip, by partner and path (e.g. "mediaalpha /get-phone"). */
  partnerCalls: Record<string, number>;
  seconds: number;
}

export const FLOOD_IP = '198.19.254.254';

export async function phoneFlood(h: Harness, requests = 300, concurrency = 8): Promise<FloodResult> {
  h.sandbox.state.reset(FLOOD_IP);
  const statuses: Record<string, number> = {};
  const sources: Record<string, number> = {};
  const headers = {
    'content-type': 'application/json',
    origin: 'http://bh.localhost',
    'user-agent': BENCH_USER_AGENT,
    'cf-connecting-ip': FLOOD_IP,
  };
  const body = JSON.stringify({ page: 'get-yours-otc', localHour: 12 });
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < requests) {
      sent += 1;
      const res = await send(h.port, 'POST', 'bh.localhost', '/api/mediaalpha/get-phone', headers, body);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200) {
        const source = (JSON.parse(res.body) as { source?: string }).source ?? 'none';
        sources[source] = (sources[source] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  // A partner call reaches the sandbox before the Worker answers (the normal sandbox answers at once, within the 1 s deadline).
  const partnerCalls: Record<string, number> = {};
  for (const call of h.sandbox.state.calls) {
    if (call.scope === FLOOD_IP)
      partnerCalls[`${call.partner} ${call.path}`] = (partnerCalls[`${call.partner} ${call.path}`] ?? 0) + 1;
  }
  return { ip: FLOOD_IP, requests, statuses, sources, partnerCalls, seconds };
}
