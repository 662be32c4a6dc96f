/**
 * `npm run alloc`: what the product Worker allocates per request, by function, through workerd's
 * DevTools inspector (the HeapProfiler domain's sampling heap profiler, objects the garbage
 * collector took counted too). The page of `npm run profile` (bh /otc-allowance) is loaded as a
 * first visit, a returning visitor without answers and one with stored answers, twice each
 * in turn; the bytes a request allocates and the functions that allocate them are printed, and
 * the with-answers view's difference from the returning one by function. Allocation is what the
 * garbage collector's share of a view follows. ALLOC_SECONDS (default 3) sets each run's length.
 * Printed only: the figures go into docs/performance.md by hand, with the date.
 */
import { availableParallelism, loadavg } from 'node:os';
import { buildAll } from './harness';
import { bundleNames, type CallFrame } from './bundle-names';
import { inspect, productTarget } from './inspector';
import { runLoad, type EachRequest } from './load';
import type { BenchPage } from './page-rendering';
import { startPageWithFloor } from './page-floor';
import { firstVisit } from './visitors';

const SECONDS = Number(process.env.ALLOC_SECONDS ?? '3');
/** A sample about every 512 bytes allocated (the protocol's default is 32 KB: too coarse for one request). */
const SAMPLING_INTERVAL = 512;
const PAGE: BenchPage = { brand: 'bh', path: '/otc-allowance', label: 'landing with form' };

interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

/** Bytes allocated per request by function (`name where`), and in all, from one run's sampled profile. */
function perRequest(head: HeapNode, requests: number): { total: number; by: Map<string, number> } {
  const names = bundleNames();
  const by = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode) => {
    const { name, where } = names(node.callFrame);
    const key = where ? `${name} ${where}` : `${name} (native)`;
    by.set(key, (by.get(key) ?? 0) + node.selfSize / requests);
    total += node.selfSize / requests;
    for (const child of node.children) walk(child);
  };
  walk(head);
  return { total, by };
}

if (process.env.ALLOC_SKIP_BUILD !== '1') buildAll({ sourceMaps: true });
const { h, returning, withAnswers } = await startPageWithFloor(PAGE, { inspector: true });
try {
  const host = `${PAGE.brand}.localhost`;
  await runLoad({ port: h.port, host, path: PAGE.path, seconds: 1 });
  const client = await inspect(await productTarget(h));
  await client.send('HeapProfiler.enable');
  const kinds: [string, EachRequest][] = [
    ['first visit', firstVisit()],
    ['returning, nothing stored', returning],
    ['returning with stored answers', withAnswers],
  ];
  const runs = new Map<string, { total: number; by: Map<string, number> }[]>();
  for (let round = 0; round < 2; round++) {
    for (const [kind, each] of kinds) {
      await client.send('HeapProfiler.startSampling', {
        samplingInterval: SAMPLING_INTERVAL,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      const load = await runLoad({ port: h.port, host, path: PAGE.path, each, seconds: SECONDS });
      const { profile } = await client.send<{ profile: { head: HeapNode } }>('HeapProfiler.stopSampling');
      if (load.total !== (load.statuses['200'] ?? 0))
        throw new Error(`${kind}: statuses ${JSON.stringify(load.statuses)}`);
      runs.set(kind, [...(runs.get(kind) ?? []), perRequest(profile.head, load.total)]);
    }
  }
  client.close();
  const mean = (kind: string) => {
    const list = runs.get(kind) ?? [];
    const by = new Map<string, number>();
    for (const run of list) for (const [k, v] of run.by) by.set(k, (by.get(k) ?? 0) + v / list.length);
    return { totals: list.map((r) => r.total), by };
  };
  console.log(
    `Allocation per request (sampled every ${SAMPLING_INTERVAL} B, ${SECONDS} s runs, two rounds; load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores)`,
  );
  for (const [kind] of kinds) {
    const { totals, by } = mean(kind);
    console.log(`\n${kind}: ${totals.map((t) => `${(t / 1024).toFixed(1)} KB`).join(', ')} a request`);
    for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${v.toFixed(0).padStart(6)} B  ${k}`);
  }
  const base = mean('returning, nothing stored').by;
  const answers = mean('returning with stored answers').by;
  const diff = [...new Set([...base.keys(), ...answers.keys()])].map(
    (k) => [k, (answers.get(k) ?? 0) - (base.get(k) ?? 0)] as const,
  );
  console.log('\nwith stored answers minus returning, by function:');
  for (const [k, v] of diff.sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${v.toFixed(0).padStart(6)} B  ${k}`);
} finally {
  await h.close();
}
