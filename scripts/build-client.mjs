#!/usr/bin/env node
// Builds the browser bundles into public/build/ (served as static assets) with content
// hashes, and writes public/build/manifest.json, which the Worker imports to reference them.
// main: the small always-loaded script (tracker, colour mode, loading bar); islands: the
// React loader, fetched only by pages that render an island, with one chunk per island.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const outdir = 'public/build';
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const common = {
  outdir,
  bundle: true,
  format: 'esm',
  target: ['es2022', 'chrome100', 'safari15', 'firefox100'],
  minify: true,
  sourcemap: false,
  jsx: 'automatic',
  loader: { '.css': 'text' },
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
};
// main is built on its own, so a page without islands loads exactly one script; it splits only
// for what it imports lazily (the working-hours code, src/ui/client/call-hours-copy.ts), and
// a chunk main would import statically fails the build below. The islands build splits one
// chunk per island and shares React between them.
const mainBuild = await build({ ...common, entryPoints: { main: 'src/ui/client/main.ts' }, splitting: true });
for (const [file, output] of Object.entries(mainBuild.metafile.outputs)) {
  const eager = output.imports.filter((i) => i.kind === 'import-statement');
  if (output.entryPoint === 'src/ui/client/main.ts' && eager.length > 0)
    throw new Error(`${file} imports ${eager.map((i) => i.path).join(', ')} on load: main must stay one script`);
}
const islandsBuild = await build({ ...common, entryPoints: { islands: 'src/ui/client/islands.ts' }, splitting: true });
const result = {
  metafile: {
    inputs: { ...mainBuild.metafile.inputs, ...islandsBuild.metafile.inputs },
    outputs: { ...mainBuild.metafile.outputs, ...islandsBuild.metafile.outputs },
  },
};

const entries = {};
const hash = createHash('sha256');
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  hash.update(file);
  if (output.entryPoint === 'src/ui/client/main.ts') entries.main = `/${relative('public', file)}`;
  if (output.entryPoint === 'src/ui/client/islands.ts') entries.islands = `/${relative('public', file)}`;
}
if (!entries.main || !entries.islands) throw new Error('client build produced no main or islands entry');
const manifest = { buildId: hash.digest('hex').slice(0, 12), ...entries };
writeFileSync(`${outdir}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
mkdirSync('node_modules/.cache', { recursive: true });
writeFileSync('node_modules/.cache/client-metafile.json', JSON.stringify(result.metafile));
console.log(`client build ${manifest.buildId}: ${entries.main}, ${entries.islands}`);
