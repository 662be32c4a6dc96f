import type { TestProject } from 'vitest/node';
import { startSandbox } from '../sandbox';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxOrigin: string;
    /** The fast-check seed of tests/robustness/fuzz.integration.test.ts (FUZZ_SEED to replay a run). */
    fuzzSeed: number;
    /** FUZZ_PATH: the counterexample path a failed fuzz run printed, or '' to run from the start. */
    fuzzPath: string;
  }
}

/** Starts the partner sandbox on a free loopback port for the Workers tests. */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox(0);
  project.provide('sandboxOrigin', sandbox.origin);
  project.provide('fuzzSeed', fuzzSeed(process.env.FUZZ_SEED));
  project.provide('fuzzPath', process.env.FUZZ_PATH ?? '');
  return async () => {
    await sandbox.close();
  };
}

/** FUZZ_SEED when set (an integer, as a failed fuzz run prints it), else a fresh seed per run. */
function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return Math.floor(Math.random() * 0x7fffffff);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(given)}`);
  return seed;
}
