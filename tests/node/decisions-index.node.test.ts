import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsIndex, readDecisionRecords } from '../../scripts/lib/decisions-index';

describe('the decisions index (docs/decisions/README.md)', () => {
  it('is what npm run decisions:index makes from the records: it lists every record, current first', () => {
    const wanted = decisionsIndex(readDecisionRecords('docs/decisions'));
    expect(readFileSync('docs/decisions/README.md', 'utf8'), 'stale: run npm run decisions:index').toBe(wanted);
  });

  it('lists a record added to the folder, and one superseded as a whole after the current ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    const record = (n: string, title: string, status: string) =>
      `# ${n}. ${title}\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\ne\n\n## Status\n\n${status}\n`;
    writeFileSync(join(dir, '0001-old-way.md'), record('0001', 'Old way', 'Superseded by 0002.'));
    writeFileSync(join(dir, '0002-new-way.md'), record('0002', 'New way', 'Accepted.'));
    const index = decisionsIndex(readDecisionRecords(dir));
    expect(index.indexOf('[New way](0002-new-way.md)')).toBeGreaterThan(0);
    expect(index.indexOf('[Old way](0001-old-way.md)')).toBeGreaterThan(index.indexOf('[New way](0002-new-way.md)'));
    expect(index.indexOf('[Old way](0001-old-way.md)')).toBeGreaterThan(index.indexOf('## Superseded'));
  });

  it('refuses a record whose heading does not match its number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    writeFileSync(join(dir, '0003-x.md'), '# 0004. X\n\n## Status\n\nAccepted.\n');
    expect(() => readDecisionRecords(dir)).toThrow(/0003/);
  });
});
