/**
 * Bytes a visitor downloads: the client JavaScript a page actually loads (from the page's
 * island markers and esbuild's metafile import graph), its HTML, and the Worker bundle,
 * all gzip-compressed (level 9, what a CDN serves at the least).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FormId } from '../src/routes/schema';
import { formDefinition } from '../src/shared/forms/registry';
import { partsFor, type FormPart as PartName } from '../src/shared/forms/step-parts';

const metafileSchema = z.object({
  outputs: z.record(
    z.string(),
    z.object({
      bytes: z.number(),
      entryPoint: z.string().optional(),
      imports: z.array(z.object({ path: z.string(), kind: z.string() })).default([]),
      /** The source files bundled into it. */
      inputs: z.record(z.string(), z.unknown()).default({}),
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

/** An island's code the loader imports before hydrating it, or, for a dormant island, before arming it. */
const AT_LOAD: Record<string, string> = {
  'quote-form': 'src/ui/islands/quote-form/index.tsx',
  'exit-intent': 'src/ui/islands/exit-intent/arm.ts',
  'ad-listing': 'src/ui/islands/ad-listing/index.tsx',
};

/** Each form's definition, the chunk the form island's prepare loads (src/ui/islands/quote-form/parts.ts). */
export const FORM_MODULES: Record<FormId, string> = {
  medicare: 'src/shared/forms/medicare.ts',
  auto: 'src/shared/forms/auto.ts',
  life: 'src/shared/forms/life.ts',
  'final-expense': 'src/shared/forms/life.ts',
  'quiz-otc': 'src/shared/forms/quizzes.ts',
  'quiz-auto': 'src/shared/forms/quizzes.ts',
  'quiz-grocery': 'src/shared/forms/quizzes.ts',
  'quiz-medicare': 'src/shared/forms/quizzes.ts',
  'quiz-medicare-es': 'src/shared/forms/quizzes.ts',
};

const PART_MODULES: Record<PartName, string> = {
  confirmation: 'src/ui/islands/quote-form/confirmation.tsx',
  consent: 'src/ui/islands/quote-form/consent-block.tsx',
  date: 'src/ui/islands/quote-form/date-field.tsx',
  vehicle: 'src/ui/islands/quote-form/vehicle-field.tsx',
  callback: 'src/ui/islands/quote-form/callback-screen.tsx',
};
const TURNSTILE_MODULE = 'src/ui/islands/quote-form/turnstile-script.ts';
const SUBMIT_MODULE = 'src/ui/islands/quote-form/submit.ts';
const EXIT_DIALOG_MODULE = 'src/ui/islands/exit-intent/index.tsx';

/** The page's form island as the loader sees it: its form, the step shown and whether it is finished. */
export interface PageForm {
  formId: FormId;
  step: string;
  completed: boolean;
}

export interface PageCode {
  islands: string[];
  /** main's lazy modules the page's load imports (lazyMainModulesOf). */
  lazyMain?: string[];
  form?: PageForm | null;
}

/** The form island's props on a page (the JSON script after its marker), as far as the loader's prepare reads them. */
export function pageFormOf(html: string): PageForm | null {
  const props =
    /data-island="quote-form"[^<>]*>.*?<script type="application\/json" data-island-props="">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
  if (props === undefined) return null;
  const parsed = JSON.parse(props) as {
    formId: FormId;
    step: { name: string };
    funnel: { completed: boolean };
  };
  return { formId: parsed.formId, step: parsed.step.name, completed: parsed.funnel.completed };
}

function chunkOf(meta: Metafile, module: string): string {
  const chunk = outputOf(meta, module);
  if (!chunk) throw new Error(`metafile has no chunk for ${module}`);
  return chunk;
}

/**
 * main alone for a page without islands; main + the islands loader + React + what each island
 * loads before hydrating (the exit dialog only its triggers; the form island the page's form
 * definition and the parts the server rendered: src/ui/islands/quote-form/parts.ts) otherwise;
 * with what main imports lazily on that page's load (lazyMainModulesOf). `later`: what the page
 * fetches only when the visitor gets there (the exit dialog, the confirmation, the consent
 * block, Turnstile's loader, the submit code on the first focus in the form), beyond what it loaded.
 */
export function clientJsFor(meta: Metafile, page: PageCode): ClientJs & { later: ClientJs } {
  const files = new Set<string>();
  const later = new Set<string>();
  closure(meta, chunkOf(meta, 'src/ui/client/main.ts'), files);
  for (const module of page.lazyMain ?? []) closure(meta, chunkOf(meta, module), files);
  if (page.islands.length > 0) closure(meta, chunkOf(meta, 'src/ui/client/islands.ts'), files);
  for (const name of page.islands) {
    const module = AT_LOAD[name];
    if (!module) throw new Error(`no island ${name}`);
    closure(meta, chunkOf(meta, module), files);
  }
  if (page.islands.includes('exit-intent')) closure(meta, chunkOf(meta, EXIT_DIALOG_MODULE), later);
  if (page.islands.includes('quote-form')) {
    const form = page.form;
    if (!form) throw new Error('a form island without its props');
    const def = formDefinition(form.formId);
    closure(meta, chunkOf(meta, FORM_MODULES[form.formId]), files);
    for (const part of partsFor(def, form.step, form.completed))
      closure(meta, chunkOf(meta, PART_MODULES[part]), files);
    const laterParts: PartName[] = [
      'confirmation',
      ...(def.steps.some((st) => st.consent) ? ['consent' as const] : []),
    ];
    for (const part of laterParts) closure(meta, chunkOf(meta, PART_MODULES[part]), later);
    closure(meta, chunkOf(meta, TURNSTILE_MODULE), later);
    closure(meta, chunkOf(meta, SUBMIT_MODULE), later);
  }
  for (const file of files) later.delete(file);
  return { ...measured(files), later: measured(later) };
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
