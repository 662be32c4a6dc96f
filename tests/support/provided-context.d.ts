// What tests/global-setup.ts provides to the tests inside workerd (`inject` from vitest). The
// Node-side project declares the same in tests/global-setup.ts itself.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fast-check seed of tests/robustness/fuzz.integration.test.ts (FUZZ_SEED to replay a run). */
    fuzzSeed: number;
    /** FUZZ_PATH: the counterexample path a failed fuzz run printed, or '' to run from the start. */
    fuzzPath: string;
  }
}
