import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { submitStep, visitor, type Visitor } from '../support/funnel';

/**
 * The visitor's Durable Object keeps its stored values in memory (src/worker/visitor/
 * visitor-do.ts, `kvText`), so a returning visitor's page costs no SQL. What it answers from
 * memory must always be what its storage holds, or a visitor could be shown answers they never
 * stored, or not be shown ones they did.
 */

/** The form's values as storage holds them ('*' overlaid by the form's own), read with SQL alone. */
function storedValues(sql: SqlStorage, form: string): Record<string, unknown> {
  const rows = sql
    .exec<{ key: string; value: string }>("SELECT key, value FROM kv WHERE key IN ('values:*', ?)", `values:${form}`)
    .toArray();
  const parsed = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as Record<string, unknown>]));
  return { ...parsed['values:*'], ...parsed[`values:${form}`] };
}

function objectOf(v: Visitor) {
  return env.VISITOR.get(env.VISITOR.idFromName(v.key));
}

describe('the visitor object in memory', () => {
  it('answers a page with exactly what its storage holds, after steps and an address prefill', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await v.get('/get-yours-otc/medicare?firstName=Ada');
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    await runInDurableObject(objectOf(v), (instance, state) => {
      const stored = storedValues(state.storage.sql, 'medicare');
      expect(stored).toMatchObject({ zipcode: '33101', haveMedicare: true, firstName: 'Ada' });
      expect(instance.getFunnelState('medicare', null).values).toEqual(stored);
    });
  });

  it('forgets what a rolled-back step wrote, so the page shows what storage kept', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await runInDurableObject(objectOf(v), (instance, state) => {
      // The step's second write (the shared bucket) fails after its first (the form's own) was made.
      for (const when of ['INSERT', 'UPDATE'])
        state.storage.sql.exec(
          `CREATE TRIGGER refuse_shared_${when} BEFORE ${when} ON kv WHEN NEW.key = 'values:*' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        );
      expect(() =>
        instance.submitStep({
          submissionId: crypto.randomUUID(),
          form: 'medicare',
          step: 'medicare',
          values: { haveMedicare: true },
        }),
      ).toThrow(/refused/);
      for (const when of ['INSERT', 'UPDATE']) state.storage.sql.exec(`DROP TRIGGER refuse_shared_${when}`);
      const stored = storedValues(state.storage.sql, 'medicare');
      expect(stored).toEqual({ zipcode: '33101' });
      expect(instance.getFunnelState('medicare', null).values).toEqual(stored);
    });
    // And the page, as the visitor sees it.
    const html = await (await v.get('/get-yours-otc/medicaid')).text();
    expect(html).toContain('"zipcode":"33101"');
    expect(html).not.toContain('"haveMedicare"');
  });
});
