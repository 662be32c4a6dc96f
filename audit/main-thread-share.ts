/**
 * How much of the page's main-thread task time the renderer actually ran on a CPU, from the
 * trace of one Lighthouse run: thread time (`tdur`) over wall time (`dur`) of its top-level tasks.
 * Lighthouse's simulated throttling multiplies each task's wall time by its CPU slowdown (4x).
 * Wall time beyond thread time is waiting, either descheduled or blocked on another thread or
 * process (a compositor commit, the browser process during navigation). On a 2-core host that
 * also runs the Worker, the sandbox, Lighthouse itself and Chromium's other processes, such waits
 * are the host's, and the simulation counts them four times as the page's. A share well below
 * 100% says so for that run, which benchmarkIndex (measured once, before the page loads) does not.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: unknown };
}

/** The renderer's main thread that painted the page: the thread of its first contentful paint. */
export function paintingThread(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return undefined;
  // The paint mark may come from another thread of the renderer; its main thread is named so.
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain',
  );
  return { pid: fcp.pid, tid: main?.tid ?? fcp.tid };
}

/** Thread time over wall time of the main thread's top-level tasks, 0-100 (undefined: no paint or no task). */
export function mainThreadCpuShare(events: readonly TraceEvent[]): number | undefined {
  const thread = paintingThread(events);
  if (!thread) return undefined;
  let wall = 0;
  let cpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== thread.pid || e.tid !== thread.tid) continue;
    if (e.dur === undefined || e.tdur === undefined) continue;
    wall += e.dur;
    cpu += Math.min(e.tdur, e.dur);
  }
  return wall > 0 ? Math.round((cpu / wall) * 100) : undefined;
}
