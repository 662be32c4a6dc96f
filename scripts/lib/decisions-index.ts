import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The decision records' index (docs/decisions/README.md), made from the records themselves:
 * every `NNNN-title.md` in the folder, its title (the `# NNNN. Title` line) and the first line
 * of its Status section. Current records first, then superseded ones, each by number.
 */
export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  status: string;
}

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

export function readDecisionRecords(dir: string): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const number = RECORD_FILE.exec(file)?.[1] ?? '';
      const heading = /^# (\d{4})\. (.+)$/m.exec(text);
      if (!heading || heading[1] !== number) throw new Error(`${file}: the first heading must be "# ${number}. Title"`);
      const status = /^## Status\s*\n\s*\n?(.+)$/m.exec(text)?.[1]?.trim();
      if (!status) throw new Error(`${file}: no "## Status" section`);
      return { file, number, title: heading[2]?.trim() ?? '', status };
    });
}

/** Superseded as a whole: its status starts with "Superseded". A record changed in part stays current. */
function isSuperseded(record: DecisionRecord): boolean {
  return /^superseded/i.test(record.status);
}

function row(record: DecisionRecord): string {
  return `| ${record.number} | [${record.title.replace(/\|/g, '\\|')}](${record.file}) | ${record.status.replace(/\|/g, '\\|')} |`;
}

export function decisionsIndex(records: readonly DecisionRecord[]): string {
  const current = records.filter((r) => !isSuperseded(r));
  const superseded = records.filter(isSuperseded);
  const table = (list: readonly DecisionRecord[]) => [
    '| # | Decision | Status |',
    '| --- | --- | --- |',
    ...list.map(row),
  ];
  return [
    '# Decisions',
    '',
    'One decision a record: its context, the decision, its consequences and its status. Where the',
    'specification says "not shown" or leaves a choice open, the choice made and why. A record that',
    'a later one changes says so in its status; one replaced as a whole is listed under Superseded.',
    '',
    'This index is generated: run `npm run decisions:index` after adding or changing a record (a',
    "test fails while it is stale). A new record takes the next free number of its owner's range.",
    '',
    '## Current',
    '',
    ...table(current),
    '',
    '## Superseded',
    '',
    ...(superseded.length > 0
      ? table(superseded)
      : ['None as a whole; records changed in part say so in their status.']),
    '',
  ].join('\n');
}
