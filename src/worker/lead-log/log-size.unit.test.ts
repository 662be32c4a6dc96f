import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LeadLogDO } from './lead-log-do';

/**
 * The log's growth (docs/decisions/0305-a-public-log-of-certificates.md): bytes of the Durable
 * Object's SQLite a lead adds (its leaf, the subtrees it completes, its entry and indexes),
 * measured on 16,384 appends. At 100,000 leads a day that figure sets how long one object lasts
 * under the 10 GB a SQLite Durable Object may hold; the test fails if a change makes it grow.
 */
const LEADS = 16_384;

describe('lead log size', () => {
  it('adds at most 200 bytes of SQLite a lead', async () => {
    const stub = env.LEAD_LOG.get(env.LEAD_LOG.idFromName('size-measure'));
    const start = await runInDurableObject(stub, (_i: LeadLogDO, state) => state.storage.sql.databaseSize);
    // A certificate JWS of realistic length (about 1.5 KB): the log keeps only its hash.
    const jws = 'x'.repeat(1500);
    for (let i = 0; i < LEADS; i += 1024)
      await stub.append(Array.from({ length: 1024 }, () => ({ certificateId: crypto.randomUUID(), jws })));
    const end = await runInDurableObject(stub, (_i: LeadLogDO, state) => state.storage.sql.databaseSize);
    const perLead = (end - start) / LEADS;
    console.log(
      `lead log: ${perLead.toFixed(1)} bytes a lead; at 100,000 a day ${((perLead * 100_000 * 365) / 1e9).toFixed(2)} GB a year`,
    );
    expect(await stub.size()).toBe(LEADS);
    expect(perLead).toBeLessThan(200);
  }, 120_000);
});
