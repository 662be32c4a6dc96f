import { afterEach, describe, expect, it } from 'vitest';
import { allocationMemo, latestAllocation } from './allocation-read';
import { decodeAssignments, encodeAssignments } from './assignment-cookie';
import { chooseVariant, currentShares } from './edge-assignment';
import { visitorBuckets } from './visitor-buckets';

const VARIANTS = [
  { id: 'control', weight: 1, config: {} },
  { id: 'zip-first', weight: 1, config: {} },
  { id: 'extra-benefits', weight: 1, config: {} },
];
const ALLOCATION = { shares: { control: 0.1, 'zip-first': 0.3, 'extra-benefits': 0.6 }, winner: null, computedAt: '' };

/** A KV namespace that answers reads from a function and counts them (the allocation read's only call). */
function kvAnswering(get: () => Promise<unknown>) {
  const kv = {
    reads: 0,
    get: () => {
      kv.reads += 1;
      return get();
    },
  };
  return kv;
}
const asKv = (kv: ReturnType<typeof kvAnswering>) => kv as unknown as KVNamespace;

const memoMs = allocationMemo.ms;
afterEach(() => {
  allocationMemo.ms = memoMs;
});

describe('the allocation an optimise page reads', () => {
  it('is the winner alone once there is one, and only the variants the page still has otherwise', () => {
    expect(currentShares({ variants: VARIANTS }, { ...ALLOCATION, winner: 'zip-first' })).toEqual({ 'zip-first': 1 });
    // A variant removed from the page since the recompute: the rest scaled to sum to 1.
    const shares = currentShares({ variants: VARIANTS.slice(0, 2) }, ALLOCATION);
    expect(shares?.control).toBeCloseTo(0.25, 10);
    expect(shares?.['zip-first']).toBeCloseTo(0.75, 10);
    // A winner the page no longer has, and shares of no current variant: the fixed weights (null).
    expect(
      currentShares({ variants: VARIANTS.slice(0, 2) }, { shares: { gone: 1 }, winner: 'gone', computedAt: '' }),
    ).toBeNull();
  });

  it('is a failed read, never a thrown error, when KV fails; the isolate keeps a read for its memo time', async () => {
    allocationMemo.ms = 0;
    const down = kvAnswering(() => Promise.reject(new Error('KV GET failed: 500 Internal Server Error')));
    expect(await latestAllocation(asKv(down), 'exp-down')).toMatchObject({ status: 'failed' });
    const odd = kvAnswering(() => Promise.resolve({ shares: { a: 2 } }));
    expect(await latestAllocation(asKv(odd), 'exp-odd')).toMatchObject({ status: 'failed' });
    const none = kvAnswering(() => Promise.resolve(null));
    expect(await latestAllocation(asKv(none), 'exp-none')).toEqual({ status: 'none' });

    allocationMemo.ms = 10_000;
    const up = kvAnswering(() => Promise.resolve(ALLOCATION));
    const id = `exp-${crypto.randomUUID()}`;
    const at = Date.now();
    for (let i = 0; i < 50; i += 1)
      expect(await latestAllocation(asKv(up), id, at + i)).toMatchObject({ status: 'ok' });
    expect(up.reads).toBe(1);
    await latestAllocation(asKv(up), id, at + 10_001);
    expect(up.reads).toBe(2);
  });

  it('splits visitors by two stable numbers, independent of each other', () => {
    const ids = Array.from({ length: 4000 }, () => crypto.randomUUID());
    const buckets = ids.map((id) => visitorBuckets('new-senior-headline', id));
    expect(visitorBuckets('new-senior-headline', ids[0] ?? '')).toEqual(buckets[0]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // Uniform on [0, 1): mean 1/2 with standard error 0.0046 at 4,000; 0.03 is more than six of them.
    expect(Math.abs(mean(buckets.map((b) => b.bucket)) - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(mean(buckets.map((b) => b.holdout)) - 0.5)).toBeLessThan(0.03);
    // The holdout's visitors spread over the variants as everyone else's do.
    const held = ids.filter((_, i) => (buckets[i]?.holdout ?? 1) < 0.1);
    const variants = new Set(
      held.map((id) => chooseVariant({ id: 'new-senior-headline', variants: VARIANTS }, id, null)),
    );
    expect(variants.size).toBe(3);
  });
});

describe('the assignment cookie', () => {
  const visitor = crypto.randomUUID();
  it('holds the visitor it was issued to and their variants, and nothing for anyone else', () => {
    const value = encodeAssignments(
      visitor,
      new Map([
        ['new-senior-headline', 'zip-first'],
        ['other', 'b'],
      ]),
    );
    expect(decodeAssignments(value, visitor)).toEqual(
      new Map([
        ['new-senior-headline', 'zip-first'],
        ['other', 'b'],
      ]),
    );
    expect(decodeAssignments(value, crypto.randomUUID())).toBeUndefined();
  });

  it('keeps the most recent twelve experiments and drops malformed pairs', () => {
    const many = new Map(Array.from({ length: 15 }, (_, i) => [`exp-${i}`, 'a'] as const));
    const kept = decodeAssignments(encodeAssignments(visitor, many), visitor);
    expect(kept?.size).toBe(12);
    expect(kept?.has('exp-14')).toBe(true);
    expect(kept?.has('exp-0')).toBe(false);
    expect(decodeAssignments(`${visitor}~Bad.x~.x~ok.fine~nodot`, visitor)).toEqual(new Map([['ok', 'fine']]));
  });
});
