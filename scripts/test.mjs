#!/usr/bin/env node
// `npm test`: everything, in order, stopping at the first failure: lock check, client build, binding
// types drift check, typecheck, lint (eslint) and format check (prettier), unit and integration
// tests inside workerd, Node-side tests (DuckDB over the event archive), then browser tests in
// Chromium (installed from Debian's packages when missing and we are root).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
const steps = [];
function run(name, cmd, args) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  if (r.status !== 0) {
    console.log(`\n${steps.join('\n')}`);
    process.exit(r.status ?? 1);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    run('install chromium (apt)', 'bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
  } else {
    console.error(`Chromium not found at ${chromium}: install Debian's chromium package or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

run('lock lists every platform package', 'node', ['scripts/lock-platforms.mjs', '--check']);
run('client build', 'node', ['scripts/build-client.mjs']);
run('binding types are current', 'wrangler', [
  'types',
  '--strict-vars=false',
  '--env-file',
  '.dev.vars.example',
  '--check',
]);
run('typecheck', 'tsc', ['-b']);
run('lint (eslint)', 'eslint', ['.']);
run('format (prettier --check)', 'prettier', ['--check', '.']);
const reports = {
  workers: 'node_modules/.cache/test-results/workers.json',
  browser: 'node_modules/.cache/test-results/browser.json',
  node: 'node_modules/.cache/test-results/node.json',
};
mkdirSync('node_modules/.cache/test-results', { recursive: true });
for (const file of Object.values(reports)) rmSync(file, { force: true });
const json = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
// Issue 14: any number of workers and any order, as CI runs it (slower on 2 cores, never flaky).
run('unit and integration tests (workerd)', 'vitest', [
  'run',
  '--maxWorkers=4',
  '--sequence.shuffle',
  ...json(reports.workers),
]);
// Tools that run in Node, not workerd: the DuckDB query of docs/operating.md over an archive export.
run('node-side tests', 'vitest', ['run', '-c', 'vitest.node.config.ts', ...json(reports.node)]);
run('browser tests (chromium)', 'vitest', ['run', '-c', 'vitest.e2e.config.ts', ...json(reports.browser)]);
console.log(`\n${steps.join('\n')}`);

// One plain closing line over both runs, for CI logs.
let passed = 0;
let failed = 0;
for (const file of Object.values(reports)) {
  const result = JSON.parse(readFileSync(file, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
