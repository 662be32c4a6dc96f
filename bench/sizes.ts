/**
 * Bytes a visitor downloads: the client JavaScript a page actually loads (from the page's
 * island markers and esbuild's metafile import graph), its HTML, and the Worker bundle,
 * all gzip-compressed (level 9, what a CDN serves at the least).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const metafileSchema = z.object({
  outputs: z.record(
    z.string(),
    z.object({
      bytes: z.number(),
      entryPoint: z.string().optional(),
      imports: z.array(z.object({ path: z.string(), kind: z.string() })).default([]),
    }),
  ),
});
type Metafile = z.infer<typeof metafileSchema>;

export const gzipBytes = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

export function readClientMetafile(): Metafile {
  return metafileSchema.parse(JSON.parse(readFileSync('node_modules/.cache/client-metafile.json', 'utf8')));
}

/** The output file of an entry point, and everything it imports statically. */
function closure(meta: Metafile, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const imp of meta.outputs[start]?.imports ?? [])
    if (imp.kind === 'import-statement') closure(meta, imp.path, seen);
  return seen;
}

const outputOf = (meta: Metafile, entry: string) =>
  Object.keys(meta.outputs).find((f) => meta.outputs[f]?.entryPoint === entry);

/** Island names of a page: data-island attributes on elements (not the inlined stylesheet's selectors). */
export function islandsOf(html: string): string[] {
  return [
    ...new Set([...html.matchAll(/<[a-z][a-z0-9-]*\s[^<>]*?data-island="([a-z-]+)"/g)].map((m) => m[1] ?? '')),
  ].filter((n) => n !== '');
}

export interface ClientJs {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The files' bytes, raw and each gzip-compressed on its own (as served). */
function measured(files: Set<string>): ClientJs {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const data = readFileSync(file);
    raw += data.length;
    gz += gzipBytes(data);
  }
  return { files: [...files].sort(), rawBytes: raw, gzipBytes: gz };
}

/** The modules main imports lazily on load for a page (its HTML): the demand check where the page has the hook. */
export function lazyMainModulesOf(html: string): string[] {
  return /"onEnter":"demandCheck"/.test(html) ? ['src/ui/client/demand-check.ts'] : [];
}

/**
 * main alone for a page without islands; main + the islands loader + React + each island's
 * chunk otherwise; with what main imports lazily on that page's load (lazyMainModulesOf).
 */
export function clientJsFor(meta: Metafile, islands: string[], lazyMain: string[] = []): ClientJs {
  const files = new Set<string>();
  const main = outputOf(meta, 'src/ui/client/main.ts');
  if (!main) throw new Error('metafile has no main entry');
  closure(meta, main, files);
  for (const module of lazyMain) {
    const chunk = outputOf(meta, module);
    if (!chunk) throw new Error(`metafile has no chunk for ${module}`);
    closure(meta, chunk, files);
  }
  if (islands.length > 0) {
    const loader = outputOf(meta, 'src/ui/client/islands.ts');
    if (!loader) throw new Error('metafile has no islands entry');
    closure(meta, loader, files);
    for (const name of islands) {
      const chunk = outputOf(meta, `src/ui/islands/${name}/index.tsx`);
      if (!chunk) throw new Error(`metafile has no chunk for island ${name}`);
      closure(meta, chunk, files);
    }
  }
  return measured(files);
}

/**
 * What main imports lazily (and those chunks' own imports) beyond what a page loads at once:
 * the working-hours code (src/ui/client/call-hours-copy.ts), which a page downloads only when
 * it is shown in another hour than the Worker rendered its call copy for (a page from a cache,
 * a tab left open, a visitor's clock that disagrees). Not part of a page's load, so reported beside it, not hidden.
 */
export function lazyMainJs(meta: Metafile): ClientJs {
  const main = outputOf(meta, 'src/ui/client/main.ts');
  if (!main) throw new Error('metafile has no main entry');
  const eager = closure(meta, main);
  const files = new Set<string>();
  for (const imp of meta.outputs[main]?.imports ?? [])
    if (imp.kind === 'dynamic-import') closure(meta, imp.path, files);
  for (const file of eager) files.delete(file);
  // Counted with the pages that load them (lazyMainModulesOf), not here.
  for (const module of ['src/ui/client/demand-check.ts']) {
    const chunk = outputOf(meta, module);
    if (chunk) files.delete(chunk);
  }
  return measured(files);
}

export function workerBundleSize(path = 'dist/worker/index.js'): { rawBytes: number; gzipBytes: number } {
  const data = readFileSync(path);
  return { rawBytes: data.length, gzipBytes: gzipBytes(data) };
}
