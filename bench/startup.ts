/**
 * Start-up: how long Miniflare takes to be ready with the built Worker and answer its first
 * page, against the same for a one-line Worker; and the Worker's module evaluation, from the
 * CPU profile `wrangler check startup` records in workerd.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { send, startHarness } from './harness';

export interface StartupResult {
  readyMs: number;
  firstPageMs: number;
  profileMs: number;
  profileBusyMs: number;
}

const profileSchema = z.object({
  startTime: z.number(),
  endTime: z.number(),
  nodes: z.array(z.object({ id: z.number(), callFrame: z.object({ functionName: z.string() }) })),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

function startupProfile(): { profileMs: number; profileBusyMs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'quote-funnel-startup-'));
  const outfile = join(dir, 'startup.cpuprofile');
  try {
    execFileSync(resolve('node_modules/.bin/wrangler'), ['check', 'startup', '--outfile', outfile], {
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    });
    const profile = profileSchema.parse(JSON.parse(readFileSync(outfile, 'utf8')));
    const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    let busy = 0;
    profile.samples.forEach((id, i) => {
      if (!idle.has(id)) busy += profile.timeDeltas[i] ?? 0;
    });
    return { profileMs: (profile.endTime - profile.startTime) / 1000, profileBusyMs: busy / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureStartup(): Promise<StartupResult> {
  const t0 = performance.now();
  const h = await startHarness();
  const ready = performance.now();
  const first = await send(h.port, 'GET', 'bh.localhost', '/get-yours-otc');
  const firstPage = performance.now();
  await h.close();
  if (first.status !== 200) throw new Error(`first page: ${first.status}`);
  return { readyMs: ready - t0, firstPageMs: firstPage - ready, ...startupProfile() };
}
