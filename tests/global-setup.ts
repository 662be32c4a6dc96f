import type { TestProject } from 'vitest/node';
import { startSandbox } from '../sandbox';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxOrigin: string;
  }
}

/** Starts the partner sandbox on a free loopback port for the Workers tests. */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox(0);
  project.provide('sandboxOrigin', sandbox.origin);
  return async () => {
    await sandbox.close();
  };
}
