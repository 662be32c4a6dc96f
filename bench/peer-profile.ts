/**
 * Where the Nuxt peer's CPU goes on the same page (`npm run bench -- --only=peer-profile`): its
 * isolate sampled through workerd's inspector while it serves each kind of visitor, the busy
 * samples summed by the built module they ran in (nitro minifies names; the chunk says which
 * part of the stack: nitro and h3, the Nuxt renderer with unhead and Vue's server renderer, the
 * Vue app, the page) plus the runtime's own (native) work. Printed, for docs/performance.md.
 */
import { basename } from 'node:path';
import { startHarness, type Harness } from './harness';
import { inspect, workerTarget } from './inspector';
import { runLoad } from './load';
import { mintPeerVisitor, preparePeer } from './peer-compare';
import { PEER_HOST, PEER_PATH } from './peer';
import { firstVisit, rotating } from './visitors';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: Node[];
  samples?: number[];
}

function peerTarget(h: Harness): Promise<string> {
  return workerTarget(h, 'the Nuxt peer', (id) => id.includes('peer-nuxt'));
}

/** Busy samples by module (share of the busy ones), largest first. */
function byModule(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const where = frame.url
      ? basename(frame.url)
      : frame.functionName === '(garbage collector)'
        ? '(garbage collector)'
        : '(native)';
    counts.set(where, (counts.get(where) ?? 0) + 1);
    busy++;
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([where, n]) => [where, n / (busy || 1)]);
}

export async function profilePeer(seconds: number, log: (text: string) => void): Promise<string[]> {
  const { peer } = await preparePeer(log);
  const h = await startHarness({ peer, inspector: true });
  const lines: string[] = [];
  try {
    const withAnswers: Record<string, string>[] = [];
    for (let i = 0; i < 24; i++) withAnswers.push(await mintPeerVisitor(h.port, true, `198.18.201.${1 + i}`));
    await runLoad({ port: h.port, host: PEER_HOST, path: PEER_PATH, seconds: 1 });
    const client = await inspect(await peerTarget(h));
    await client.send('Profiler.enable');
    await client.send('Profiler.setSamplingInterval', { interval: 100 });
    for (const [kind, each] of [
      ['first visit', firstVisit()],
      ['with stored answers', rotating(withAnswers)],
    ] as const) {
      await client.send('Profiler.start');
      const run = await runLoad({ port: h.port, host: PEER_HOST, path: PEER_PATH, each, seconds });
      const { profile } = await client.send<{ profile: Profile }>('Profiler.stop');
      const rows = byModule(profile).slice(0, 8);
      lines.push(
        `- Nuxt peer, ${kind} (${run.total} requests in ${seconds} s under the profiler): ${rows.map(([where, share]) => `${where} ${(100 * share).toFixed(0)}%`).join(', ')}`,
      );
    }
    client.close();
  } finally {
    await h.close();
  }
  return lines;
}
