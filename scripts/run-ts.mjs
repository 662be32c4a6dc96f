#!/usr/bin/env node
// Runs a TypeScript entry (scripts/, bench/, sandbox/) on Node: bundles it with esbuild into
// node_modules/.cache so imports resolve exactly as the Worker's do, then imports it.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <entry.ts> [args...]');
  process.exit(2);
}
const outdir = resolve('node_modules/.cache/run-ts');
mkdirSync(outdir, { recursive: true });
const outfile = resolve(outdir, `${basename(entry).replace(/\.tsx?$/, '')}-${process.pid}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  jsx: 'automatic',
  loader: { '.css': 'text', '.sql': 'text' },
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(outfile).href);
