import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModules } from '../../scripts/lib/check-modules';

/** A repository of the given files (path to text) in a fresh folder. */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-modules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const worker = "import { used } from './lib';\nexport default { fetch: () => new Response(used()) };\n";
const clientEntries = { 'src/ui/client/main.ts': 'export {};\n', 'src/ui/client/islands.ts': 'export {};\n' };

describe('the module check of npm run lint', () => {
  it('passes a repository with no dead file, no unused export and no loop', () => {
    const root = repo({
      ...clientEntries,
      'src/worker/index.ts': worker,
      'src/worker/lib.ts': 'export const used = () => 1;\n',
    });
    expect(checkModules(root, new Map()).findings).toEqual([]);
  });

  it('finds an import loop, type-only and through import() included', () => {
    const root = repo({
      ...clientEntries,
      'src/worker/index.ts': worker,
      'src/worker/lib.ts': "import type { T } from './types';\nexport const used = (t?: T) => t ?? 1;\n",
      'src/worker/types.ts': "export type T = number;\nexport const later = () => import('./lib');\n",
    });
    const { findings } = checkModules(root, new Map());
    expect(findings).toContain('import loop: src/worker/lib.ts <-> src/worker/types.ts');
  });

  it('finds a file only a test reaches, and an export nothing reads', () => {
    const root = repo({
      ...clientEntries,
      'src/worker/index.ts': worker,
      'src/worker/lib.ts': 'export const used = () => 1;\nexport const unused = () => 2;\n',
      'src/worker/dead.ts': 'export const dead = 1;\n',
      'src/worker/dead.unit.test.ts': "import { dead } from './dead';\nvoid dead;\n",
    });
    const { findings } = checkModules(root, new Map());
    expect(findings).toContain('src/worker/dead.ts: unused file (no entry imports it)');
    expect(findings).toContain("src/worker/lib.ts:2: export 'unused' is used nowhere");
  });
});
