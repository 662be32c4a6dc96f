/**
 * Evaluating the islands' code calls no Intl API. The first Intl call in a page (a
 * `toLocaleString`, an `Intl.DateTimeFormat`) loads ICU's locale data: about 30-45 ms of the main
 * thread's CPU on this host, one task that cannot be split, four times that on Lighthouse's
 * simulated phone. When a module's top level made that call (the life form's dollar labels, built
 * with `toLocaleString` in src/shared/forms/options.ts), every form page's longest task was the
 * form chunk's evaluation (docs/decisions/0347-no-intl-when-the-form-code-loads.md).
 *
 * Every source module the client build put in the islands script or its chunks (read from the
 * build's metafile, so a new chunk is covered without listing it here) is imported with the Intl
 * entry points watched. A module's top level may define functions that use Intl later; it may
 * not call one while it is evaluated.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Output {
  entryPoint?: string;
  inputs: Record<string, unknown>;
}
const meta = JSON.parse(readFileSync('node_modules/.cache/client-metafile.json', 'utf8')) as {
  outputs: Record<string, Output>;
};
/**
 * Every source module of the client build but the main script's entry (whose top level starts
 * the tracker on a real page): the islands script, every chunk it loads, and the main script's
 * modules and lazy chunks, which run on the same pages.
 */
const modules = [...new Set(Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs)))].filter(
  (m) => m.startsWith('src/') && m !== 'src/ui/client/main.ts',
);

const calls: string[] = [];
let evaluating = '';
const restore: (() => void)[] = [];

function replace(owner: object, key: string, value: unknown): void {
  const before = Object.getOwnPropertyDescriptor(owner, key);
  if (!before) return;
  Object.defineProperty(owner, key, { ...before, value });
  restore.push(() => Object.defineProperty(owner, key, before));
}

beforeAll(() => {
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = (Intl as unknown as Record<string, unknown>)[name];
    if (typeof original !== 'function') continue;
    replace(
      Intl,
      name,
      new Proxy(original, {
        construct(target, args, newTarget) {
          calls.push(`${evaluating}: new Intl.${name}`);
          return Reflect.construct(target, args, newTarget) as object;
        },
        apply(target, self, args) {
          calls.push(`${evaluating}: Intl.${name}()`);
          return Reflect.apply(target, self, args) as unknown;
        },
      }),
    );
  }
  const localeMethods: [object, string, string][] = [
    [Number.prototype, 'toLocaleString', 'Number'],
    [BigInt.prototype, 'toLocaleString', 'BigInt'],
    [Array.prototype, 'toLocaleString', 'Array'],
    [Date.prototype, 'toLocaleString', 'Date'],
    [Date.prototype, 'toLocaleDateString', 'Date'],
    [Date.prototype, 'toLocaleTimeString', 'Date'],
    [String.prototype, 'localeCompare', 'String'],
    [String.prototype, 'toLocaleUpperCase', 'String'],
    [String.prototype, 'toLocaleLowerCase', 'String'],
  ];
  for (const [owner, key, type] of localeMethods) {
    const original = (owner as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
    replace(owner, key, function (this: unknown, ...args: unknown[]) {
      calls.push(`${evaluating}: ${type}.prototype.${key}`);
      return original.apply(this, args);
    });
  }
  // The loader hydrates what it finds at its top level: a page with no island finds nothing.
  replace(globalThis, 'window', undefined);
  Object.defineProperty(globalThis, 'window', {
    configurable: true,
    value: { addEventListener: () => undefined, dispatchEvent: () => true },
  });
  Object.defineProperty(globalThis, 'document', { configurable: true, value: { querySelectorAll: () => [] } });
});

afterAll(() => {
  for (const undo of restore.reverse()) undo();
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});

describe('the islands code loads without Intl', () => {
  it('finds the islands script and its chunks in the build', () => {
    expect(modules).toContain('src/ui/client/islands.ts');
    expect(modules).toContain('src/ui/islands/quote-form/index.tsx');
    expect(modules).toContain('src/shared/forms/options.ts');
    expect(modules).toContain('src/ui/islands/ad-listing/index.tsx');
  });

  it('evaluating every module of the islands script and its chunks calls no Intl API', async () => {
    for (const module of modules) {
      evaluating = module;
      await import(/* @vite-ignore */ `../../${module}`);
    }
    expect(calls).toEqual([]);
  });
});
