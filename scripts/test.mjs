#!/usr/bin/env node
// `npm test`: everything, in order, stopping at the first failure: lock check, client build, binding
// types drift check, typecheck, lint (eslint) and format check (prettier), unit and integration
// tests inside workerd, Node-side tests (DuckDB over the event archive), then browser tests in
// Chromium (installed from Debian's packages when missing and we are root).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
const steps = [];
function run(name, cmd, args, report) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  if (r.status !== 0) {
    if (report) printFailures(report);
    console.log(`\n${steps.join('\n')}`);
    process.exit(r.status ?? 1);
  }
}

// CI keeps only the tail of the log: repeat each failed test's name, file and first message lines
// just above the step list, so a failure on a machine we cannot reach can still be read.
function printFailures(file) {
  if (!existsSync(file)) return;
  let result;
  try {
    result = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const lines = [];
  for (const suite of result.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failedTests.length === 0 && suite.status === 'failed') {
      lines.push(
        `- ${where}: ${String(suite.message ?? '')
          .split('\n')
          .slice(0, 6)
          .join('\n    ')}`,
      );
    }
    for (const t of failedTests) {
      const message = (t.failureMessages ?? [])
        .join('\n')
        .split('\n')
        .filter((line) => !/node_modules|^\s*at new Promise/.test(line))
        .slice(0, 8)
        .join('\n    ');
      lines.push(`- ${where} > ${t.fullName}\n    ${message}`);
    }
  }
  if (lines.length > 0) console.log(`\n=== failed tests\n${lines.join('\n')}`);
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
// Any number of workers and any order, as CI runs it (slower on 2 cores, never flaky).
// The shuffle's seed is named in the step, so a failure that depends on order can be replayed
// with TEST_SEED=<seed> npm test.
const seed = process.env.TEST_SEED ?? String(Date.now() % 1_000_000);
run(
  `unit and integration tests (workerd, seed ${seed})`,
  'vitest',
  ['run', '--maxWorkers=4', '--sequence.shuffle', `--sequence.seed=${seed}`, ...json(reports.workers)],
  reports.workers,
);
// Tools that run in Node, not workerd: the DuckDB query of docs/operating.md over an archive export.
run('node-side tests', 'vitest', ['run', '-c', 'vitest.node.config.ts', ...json(reports.node)], reports.node);
run(
  'browser tests (chromium)',
  'vitest',
  ['run', '-c', 'vitest.e2e.config.ts', ...json(reports.browser)],
  reports.browser,
);
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
