import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { archiveKey, batchIdOf, encodeEvents, partitionOf } from '../../src/worker/archive/archive-object';

/**
 * The DuckDB example of docs/operating.md ("Querying the archive with DuckDB"), run as it is
 * written on a local export laid out as `npm run events:export` writes it, with objects made by
 * the archive's own encoder. If the docs' query or the archive format drift apart, this fails.
 */
const dir = mkdtempSync(join(tmpdir(), 'archive-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function event(receivedAt: string, sessionId: string, name: QueuedEvent['event'], extra: object = {}): QueuedEvent {
  const id = crypto.randomUUID();
  return {
    id,
    type: 'track',
    event: name,
    timestamp: receivedAt,
    receivedAt,
    sessionId,
    anonymousId: `anon-${sessionId}`,
    brand: 'bh',
    page: 'get-yours-otc',
    stepName: 'zip',
    stepNumber: 1,
    paid: false,
    properties: { id, ...extra },
  };
}

async function writeObject(events: QueuedEvent[]) {
  const first = events[0];
  if (!first) return;
  const file = join(dir, archiveKey(partitionOf(first.receivedAt), await batchIdOf(events.map((e) => e.id))));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await encodeEvents(events));
}

function docsQuery(): string {
  const docs = readFileSync(join(import.meta.dirname, '../../docs/operating.md'), 'utf8');
  const block = /<!-- duckdb-example -->\s*```sql\n([\s\S]*?)```/.exec(docs)?.[1];
  if (!block) throw new Error('docs/operating.md has no duckdb-example block');
  return block;
}

describe('DuckDB over an archive export (docs/operating.md)', () => {
  it('counts visits, page views, submits, call clicks and leads per day and brand, each event once', async () => {
    const day1 = [
      event('2026-11-01T10:00:00.000Z', 'sess-a', 'pageView'),
      event('2026-11-01T10:01:00.000Z', 'sess-a', 'pageView'),
      event('2026-11-01T10:02:00.000Z', 'sess-a', 'formStepSubmitted'),
      event('2026-11-01T10:03:00.000Z', 'sess-b', 'pageView'),
    ];
    const day1Later = [
      event('2026-11-01T11:00:00.000Z', 'sess-b', 'ctcClicked'),
      event('2026-11-01T11:05:00.000Z', 'sess-b', 'leadCreated', { verdict: 'bot' }),
    ];
    const day2 = [event('2026-11-02T09:00:00.000Z', 'sess-c', 'pageView', { session: { urlParams: {} } })];
    await writeObject(day1);
    await writeObject(day1Later);
    // A batch retried in another grouping: two of its events are archived a second time.
    await writeObject(day1.slice(0, 2));
    await writeObject(day2);

    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run(`SET file_search_path = '${dir.replaceAll("'", "''")}'`);
      const reader = await connection.runAndReadAll(docsQuery());
      const rows = reader.getRowObjectsJson();
      expect(rows).toEqual([
        {
          day: '2026-11-01',
          brand: 'bh',
          visits: '2',
          page_views: '3',
          step_submits: '1',
          call_clicks: '1',
          leads: '1',
          bot_leads: '1',
        },
        {
          day: '2026-11-02',
          brand: 'bh',
          visits: '1',
          page_views: '1',
          step_submits: '0',
          call_clicks: '0',
          leads: '0',
          bot_leads: '0',
        },
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
