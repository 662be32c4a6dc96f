/**
 * CPU time the workerd processes of this run spent (utime + stime from /proc, children of this
 * process only, so not a test suite's workerd running beside it). Requests per second move with
 * whatever else the machine runs and with the load generator's share of the two cores; CPU per
 * request moves much less, and it is what the Workers bill counts.
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

interface Proc {
  ppid: number;
  name: string;
  ticks: number;
}

function processes(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      procs.set(Number(pid), {
        ppid: Number(fields[1]),
        name: stat.slice(stat.indexOf('(') + 1, close),
        // utime and stime: fields 14 and 15 of /proc/PID/stat.
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return procs;
}

/** Milliseconds of CPU the workerd processes this run started have spent so far. */
export function workerdCpuMs(): number {
  const procs = processes();
  const ours = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 16; depth++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (p.name.includes('workerd') && ours(pid)) ticks += p.ticks;
  return ticks * CLOCK_TICK_MS;
}

/** `run`'s result and workerd's CPU per request during it, in ms (`total` requests answered). */
export async function withWorkerdCpu<R extends { total: number }>(
  run: () => Promise<R>,
): Promise<R & { cpuMs: number }> {
  const before = workerdCpuMs();
  const result = await run();
  return { ...result, cpuMs: result.total > 0 ? (workerdCpuMs() - before) / result.total : Number.NaN };
}

/** The ids of the workerd processes this run started (for the /proc command printed to repeat a figure). */
export function workerdPids(): number[] {
  const procs = processes();
  const ours = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 16; depth++) {
      if (p === process.pid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  return [...procs].filter(([pid, p]) => p.name.includes('workerd') && ours(pid)).map(([pid]) => pid);
}
