/** Source names for frames of the built Worker's minified bundle (bench/profile.ts, bench/alloc.ts). */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { WORKER_OUTDIR } from './harness';

/** A frame as the DevTools protocol writes it, in a CPU profile or a sampling heap profile. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/**
 * Names and places in the source for frames of the minified bundle: the source map wrangler
 * wrote beside it (`--upload-source-maps`) gives file, line and the function's own name (the
 * bundle keeps no names of its own: wrangler.toml sets keep_names off).
 */
export function bundleNames(dir = WORKER_OUTDIR): (frame: CallFrame) => { name: string; where: string } {
  const bundlePath = `${dir}/index.js`;
  const mapPath = `${bundlePath}.map`;
  const map = existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')) as never) : undefined;
  return (frame) => {
    const minified = frame.functionName || '(anonymous)';
    if (!frame.url.endsWith('index.js'))
      return { name: minified, where: frame.url ? (frame.url.split('/').pop() ?? '') : '' };
    const entry: { originalSource?: string; originalLine?: number; name?: string } | undefined = map?.findEntry(
      frame.lineNumber,
      frame.columnNumber,
    );
    const source = entry?.originalSource?.replace(/^.*?node_modules\//, '').replace(/^.*?\/(src|brands)\//, '$1/');
    const where = source
      ? `${source}:${(entry?.originalLine ?? 0) + 1}`
      : `index.js:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    return { name: entry?.name ?? minified, where };
  };
}
