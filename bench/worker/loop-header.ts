/** The header that asks the bench's loop entry (bench/worker/loop-entry.ts) for that many requests in one invocation. */
export const LOOP_HEADER = 'x-bench-loop';
