#!/usr/bin/env node
// Builds the browser bundles into public/build/ (served as static assets) with content
// hashes, and writes public/build/manifest.json, which the Worker imports to reference them.
// main: the small always-loaded script (tracker, colour mode, loading bar); islands: the
// React loader, fetched only by pages that render an island, with one chunk per island.
import { build, transform } from 'esbuild';
import { rolldown } from 'rolldown';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { relative } from 'node:path';
import { Buffer } from 'node:buffer';

const outdir = 'public/build';
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

// The pages' CSS files, minified for the Worker to inline and link (src/ui/stylesheet-parts.ts):
// without comments and indentation a first view is about 4 KB of gzip smaller, and the whole
// document then arrives in the first 14.6 KB a new connection may send before an acknowledgement
// (docs/decisions/0352-page-css-minified-at-build.md). Written first: the stylesheet files below
// are made by the Worker's code, which imports these texts. No target: nothing is lowered, the
// rules are the files' own.
const stylesheetSources = JSON.parse(readFileSync('src/ui/stylesheet-sources.json', 'utf8'));
const stylesheetParts = {};
for (const [part, file] of Object.entries(stylesheetSources)) {
  const { code } = await transform(readFileSync(file, 'utf8'), {
    loader: 'css',
    minify: true,
    legalComments: 'none',
    sourcefile: file,
    logLevel: 'warning',
  });
  stylesheetParts[part] = code.trimEnd();
}
writeFileSync(`${outdir}/stylesheet-parts.json`, `${JSON.stringify(stylesheetParts)}\n`);

const common = {
  outdir,
  bundle: true,
  format: 'esm',
  target: ['es2022', 'chrome100', 'safari15', 'firefox100'],
  minify: true,
  sourcemap: false,
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
};
// main is built on its own, so a page without islands loads exactly one script; it splits only
// for what it imports lazily (the working-hours code, src/ui/client/call-hours-copy.ts), and
// a chunk main would import statically fails the build below. Rolldown, as for the islands: its
// minified main was 7.8 KB gzip where esbuild's was 8.1 KB, over the 8 KB a page without islands
// may load (docs/decisions/0312-main-script-built-by-rolldown.md); the code is the same.
const mainBundle = await rolldown({
  input: { main: 'src/ui/client/main.ts' },
  platform: 'browser',
  transform: { target: common.target, define: common.define },
  logLevel: 'warn',
});
const { output: mainOutput } = await mainBundle.write({
  dir: outdir,
  format: 'es',
  minify: true,
  sourcemap: false,
  comments: { legal: false },
  entryFileNames: common.entryNames + '.js',
  chunkFileNames: common.chunkNames + '.js',
});
await mainBundle.close();
// Rolldown, not esbuild, for the islands (budgets): its chunking knows a chunk loaded
// through the loader's import() comes after the loader, so what both use (React, the JSX
// runtime, the registry) stays in the loader's file instead of a shared chunk of its own, and a
// part the form island loads later takes what it shares with the island from the island's chunk.
// esbuild split the same code into about ten small files, each gzip-compressed on its own:
// 3 KB gzip more on a form page.
const islandsBundle = await rolldown({
  input: { islands: 'src/ui/client/islands.ts' },
  platform: 'browser',
  transform: {
    jsx: 'react-jsx',
    target: common.target,
    define: common.define,
  },
  logLevel: 'warn',
});
const { output: islandsOutput } = await islandsBundle.write({
  dir: outdir,
  format: 'es',
  minify: true,
  sourcemap: false,
  comments: { legal: false },
  entryFileNames: common.entryNames + '.js',
  chunkFileNames: common.chunkNames + '.js',
});
await islandsBundle.close();
/** The islands build in the shape of esbuild's metafile (what bench/sizes.ts and the checks below read). */
function metafileOf(output) {
  const cwd = `${process.cwd()}/`;
  const outputs = {};
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    const module = chunk.facadeModuleId?.startsWith(cwd) ? chunk.facadeModuleId.slice(cwd.length) : undefined;
    outputs[`${outdir}/${chunk.fileName}`] = {
      bytes: Buffer.byteLength(chunk.code),
      ...(module && (chunk.isEntry || chunk.isDynamicEntry) ? { entryPoint: module } : {}),
      imports: [
        ...chunk.imports.map((path) => ({ path: `${outdir}/${path}`, kind: 'import-statement' })),
        ...chunk.dynamicImports.map((path) => ({ path: `${outdir}/${path}`, kind: 'dynamic-import' })),
      ],
      inputs: Object.fromEntries(
        Object.entries(chunk.modules)
          .filter(([id]) => id.startsWith(cwd))
          .map(([id, info]) => [id.slice(cwd.length), { bytesInOutput: info.renderedLength }]),
      ),
    };
  }
  return { inputs: {}, outputs };
}
const mainBuild = { metafile: metafileOf(mainOutput) };
for (const [file, output] of Object.entries(mainBuild.metafile.outputs)) {
  const eager = output.imports.filter((i) => i.kind === 'import-statement');
  if (output.entryPoint === 'src/ui/client/main.ts' && eager.length > 0)
    throw new Error(`${file} imports ${eager.map((i) => i.path).join(', ')} on load: main must stay one script`);
}
const islandsBuild = { metafile: metafileOf(islandsOutput) };
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

// Each brand's page stylesheet (src/ui/page-stylesheet.ts, from the minified parts above) as a file named by its content's hash,
// so it can be cached for good: a first view inlines the same text, a returning browser links the
// file (docs/decisions/0311-page-css-inlined-first-then-linked.md). Made by the Worker's own code.
const stylesheetModule = await build({
  stdin: {
    contents: "export { pageCss } from './src/ui/page-stylesheet'; export { BRANDS } from './brands';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  write: false,
  logLevel: 'warning',
});
mkdirSync('node_modules/.cache', { recursive: true });
const stylesheetEntry = 'node_modules/.cache/page-stylesheets.mjs';
writeFileSync(stylesheetEntry, stylesheetModule.outputFiles[0].text);
const { pageCss, BRANDS } = await import(`${pathToFileURL(stylesheetEntry).href}?${Date.now()}`);
const stylesheets = {};
mkdirSync(`${outdir}/css`, { recursive: true });
for (const brand of BRANDS) {
  const css = pageCss(brand);
  const name = `css/${brand.id}-${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
  writeFileSync(`${outdir}/${name}`, css);
  stylesheets[brand.id] = `/${relative('public', `${outdir}/${name}`)}`;
}
const manifest = { buildId: hash.digest('hex').slice(0, 12), ...entries, stylesheets };
writeFileSync(`${outdir}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync('node_modules/.cache/client-metafile.json', JSON.stringify(result.metafile));
console.log(`client build ${manifest.buildId}: ${entries.main}, ${entries.islands}`);
