import { describe, expect, it } from 'vitest';
import { CLEAR_STORAGE_TYPES } from '../../audit/lighthouse';
import { mainThreadCpuShare, type TraceEvent } from '../../audit/main-thread-share';

describe('each Lighthouse run of the audit', () => {
  it('clears what Lighthouse clears by default and what a returning visitor keeps (a first view every run)', async () => {
    // Lighthouse's own defaults (its constants module has no type declarations of its own).
    const { defaultSettings } = (await import('lighthouse/core/config/constants.js')) as unknown as {
      defaultSettings: { clearStorageTypes: string[] };
    };
    expect(defaultSettings.clearStorageTypes.length).toBeGreaterThan(0);
    expect(CLEAR_STORAGE_TYPES).toEqual(expect.arrayContaining(defaultSettings.clearStorageTypes));
    // The signed visitor key (cookie) made a page link its stylesheet; stored state is in local storage.
    expect(CLEAR_STORAGE_TYPES).toEqual(expect.arrayContaining(['cookies', 'local_storage', 'indexeddb']));
  });
});

const task = (pid: number, tid: number, ts: number, dur: number, tdur: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('the main thread CPU share of a run', () => {
  const threadName = (pid: number, tid: number, name: string): TraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    args: { name },
  });

  it("is the painting renderer main thread's thread time over its tasks' wall time", () => {
    const events = [
      threadName(7, 1, 'CrRendererMain'),
      threadName(7, 2, 'Compositor'),
      // the page's main thread: 30 ms of CPU in 100 ms of wall time
      task(7, 1, 10, 60, 20),
      task(7, 1, 80, 40, 10),
      // another thread of the renderer and another process: not counted
      task(7, 2, 10, 50, 50),
      task(9, 1, 10, 50, 50),
      { name: 'firstContentfulPaint', ph: 'I', pid: 7, tid: 2, ts: 90 },
    ];
    expect(mainThreadCpuShare(events)).toBe(30);
  });

  it('is 100 when every task ran on a CPU throughout, and unknown without a paint', () => {
    const quiet = [threadName(3, 4, 'CrRendererMain'), task(3, 4, 0, 20, 20), task(3, 4, 30, 5, 5)];
    expect(mainThreadCpuShare([...quiet, { name: 'firstContentfulPaint', ph: 'I', pid: 3, tid: 4, ts: 25 }])).toBe(100);
    expect(mainThreadCpuShare(quiet)).toBeUndefined();
  });
});
