import { describe, expect, it } from 'vitest';
import { QUOTE_TOKEN_POLL_MS } from '../../../partners/quote-token/renewal';
import { createQuoteTokenKeeper, type IssuedQuoteToken, type QuoteTokenDeps } from './quote-token-keeper';
import { readIssuedToken } from './use-quote-token';

const LIFETIME = 60_000;

/**
 * A page with a hand-driven clock: `advance` moves time and runs every due interval tick
 * and wait; the Worker answers each renewal with a numbered token living 60 s, or holds
 * the answer until `answer()` when `manual` is set.
 */
function fakePage(options: { visible?: boolean; manual?: boolean; fail?: boolean } = {}) {
  let now = 1_000_000;
  let visible = options.visible ?? true;
  let nextTimer = 1;
  const intervals = new Map<number, { ms: number; due: number; tick: () => void }>();
  const waits: { due: number; resolve: () => void }[] = [];
  const visibilityListeners = new Set<() => void>();
  const requests: (string | null)[] = [];
  const pending: (() => void)[] = [];
  let fail = options.fail ?? false;

  const deps: QuoteTokenDeps = {
    now: () => now,
    renew(previous) {
      requests.push(previous);
      const n = requests.length;
      const issue = (): IssuedQuoteToken | null => (fail ? null : { token: `v1.t${n}.sig`, expiresAt: now + LIFETIME });
      if (!options.manual) return Promise.resolve(issue());
      return new Promise((resolve) => pending.push(() => resolve(issue())));
    },
    every(ms, tick) {
      const id = nextTimer++;
      intervals.set(id, { ms, due: now + ms, tick });
      return () => intervals.delete(id);
    },
    wait: (ms) => new Promise<void>((resolve) => waits.push({ due: now + ms, resolve })),
    isVisible: () => visible,
    onVisibilityChange(listener) {
      visibilityListeners.add(listener);
      return () => visibilityListeners.delete(listener);
    },
  };

  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  return {
    deps,
    requests,
    intervals,
    visibilityListeners,
    now: () => now,
    setFail: (value: boolean) => (fail = value),
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const dueTimers = [...intervals.values()].filter((t) => t.due <= end);
        const dueWaits = waits.filter((w) => w.due <= end);
        const next = Math.min(...dueTimers.map((t) => t.due), ...dueWaits.map((w) => w.due));
        if (!Number.isFinite(next)) break;
        now = next;
        for (const w of waits.filter((x) => x.due === next)) {
          waits.splice(waits.indexOf(w), 1);
          w.resolve();
        }
        for (const t of [...intervals.values()].filter((x) => x.due === next)) {
          t.due += t.ms;
          t.tick();
        }
        await flush();
      }
      now = end;
      await flush();
    },
    async setVisible(value: boolean) {
      visible = value;
      for (const listener of [...visibilityListeners]) listener();
      await flush();
    },
    async answer() {
      pending.shift()?.();
      await flush();
    },
    flush,
  };
}

describe('quote token keeper: polling', () => {
  it('asks at once on mount, then every 4 s renews only within 20 s of expiry, sending the old token', async () => {
    const page = fakePage();
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    expect(page.requests).toEqual([null]);
    expect(keeper.current()).toBe('v1.t1.sig');
    expect([...page.intervals.values()].map((t) => t.ms)).toEqual([QUOTE_TOKEN_POLL_MS]);

    // Polls at 4, 8, ..., 36 s see more than 20 s left; the poll at 40 s sees exactly 20 s.
    await page.advance(39_999);
    expect(page.requests).toHaveLength(1);
    await page.advance(1);
    expect(page.requests).toEqual([null, 'v1.t1.sig']);
    expect(keeper.current()).toBe('v1.t2.sig');
    expect(keeper.snapshot().expiresAt).toBe(page.now() + LIFETIME);
    keeper.stop();
  });

  it('a failed renewal keeps the token it has and the next poll asks again', async () => {
    const page = fakePage();
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    page.setFail(true);
    await page.advance(40_000);
    expect(page.requests).toHaveLength(2);
    expect(keeper.current()).toBe('v1.t1.sig');
    page.setFail(false);
    await page.advance(QUOTE_TOKEN_POLL_MS);
    expect(page.requests).toHaveLength(3);
    expect(keeper.current()).toBe('v1.t3.sig');
    keeper.stop();
  });

  it('does not poll while the tab is hidden, and checks at once when it is shown again', async () => {
    const page = fakePage({ visible: false });
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    expect(page.requests).toEqual([]);
    expect(page.intervals.size).toBe(0);
    await page.advance(60_000);
    expect(page.requests).toEqual([]);

    await page.setVisible(true);
    expect(page.requests).toEqual([null]);
    expect(page.intervals.size).toBe(1);

    // Hidden for longer than the token lives: no requests meanwhile, one on return.
    await page.setVisible(false);
    expect(page.intervals.size).toBe(0);
    await page.advance(120_000);
    expect(page.requests).toHaveLength(1);
    await page.setVisible(true);
    expect(page.requests).toEqual([null, 'v1.t1.sig']);
    keeper.stop();
  });

  it('stops polling and listening when the form unmounts, and can start again', async () => {
    const page = fakePage();
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    keeper.stop();
    expect(page.intervals.size).toBe(0);
    expect(page.visibilityListeners.size).toBe(0);
    await page.advance(120_000);
    expect(page.requests).toHaveLength(1);
    keeper.start();
    await page.flush();
    expect(page.requests).toHaveLength(2);
    expect(page.intervals.size).toBe(1);
    keeper.stop();
  });
});

describe('quote token keeper: edits', () => {
  it('an edit of a watched field renews at the next 4 s poll; other fields change nothing', async () => {
    const page = fakePage();
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    await page.advance(1_000);

    keeper.fieldChanged('vehicle1Make');
    expect(keeper.snapshot().expiresAt).toBe(page.now() - 1_000 + LIFETIME);
    await page.advance(3_000);
    expect(page.requests).toHaveLength(1);

    keeper.fieldChanged('driver1Phone');
    expect(keeper.snapshot().expiresAt).toBe(page.now() + 10_000);
    await page.advance(QUOTE_TOKEN_POLL_MS);
    expect(page.requests).toEqual([null, 'v1.t1.sig']);
    expect(keeper.snapshot().expiresAt).toBe(page.now() + LIFETIME);
    keeper.stop();
  });

  it('an edit while a renewal is out keeps its pull-in: the token minted before it is renewed again', async () => {
    const page = fakePage({ manual: true });
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.answer();
    await page.advance(40_000);
    expect(page.requests).toHaveLength(2);
    keeper.fieldChanged('zipcode');
    await page.answer();
    expect(keeper.current()).toBe('v1.t2.sig');
    expect(keeper.snapshot().expiresAt).toBe(page.now() + 10_000);
    await page.advance(QUOTE_TOKEN_POLL_MS);
    expect(page.requests).toHaveLength(3);
    keeper.stop();
  });
});

describe('quote token keeper: the token for a submit', () => {
  it('gives the current token at once when it is not due', async () => {
    const page = fakePage();
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.flush();
    expect(await keeper.fresh(1_500)).toBe('v1.t1.sig');
    expect(page.requests).toHaveLength(1);
    keeper.stop();
  });

  it('renews first after a watched edit', async () => {
    const page = fakePage({ manual: true });
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.answer();
    keeper.fieldChanged('driver1Email');
    const token = keeper.fresh(1_500);
    await page.flush();
    expect(page.requests).toEqual([null, 'v1.t1.sig']);
    await page.answer();
    expect(await token).toBe('v1.t2.sig');
    keeper.stop();
  });

  it('waits for the renewal a poll already started instead of asking twice', async () => {
    const page = fakePage({ manual: true });
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.answer();
    keeper.fieldChanged('driver1Email');
    await page.advance(QUOTE_TOKEN_POLL_MS);
    expect(page.requests).toHaveLength(2);
    const token = keeper.fresh(1_500);
    await page.flush();
    expect(page.requests).toHaveLength(2);
    await page.answer();
    expect(await token).toBe('v1.t2.sig');
    keeper.stop();
  });

  it('gives up waiting after the limit and sends the token it has', async () => {
    const page = fakePage({ manual: true });
    const keeper = createQuoteTokenKeeper(page.deps);
    keeper.start();
    await page.answer();
    keeper.fieldChanged('firstName');
    let settled: string | null | undefined;
    void keeper.fresh(1_500).then((t) => (settled = t));
    await page.advance(1_499);
    expect(settled).toBeUndefined();
    await page.advance(1);
    expect(settled).toBe('v1.t1.sig');
    keeper.stop();
  });
});

describe('reading the Worker reply', () => {
  it('places the expiry on the page clock from when the request was sent', () => {
    expect(
      readIssuedToken({ token: 'v1.abc_-.d-f', expiresAt: '2000-01-01T00:00:00Z', expiresInMs: 60_000 }, 5_000),
    ).toEqual({ token: 'v1.abc_-.d-f', expiresAt: 65_000 });
  });

  it('refuses anything else', () => {
    for (const reply of [
      null,
      'v1.a.b',
      { token: 'v1.a.b' },
      { token: 'x', expiresInMs: 1 },
      { token: 'v1.a.b', expiresInMs: -1 },
      { token: 'v1.a.b', expiresInMs: Number.NaN },
      { token: 7, expiresInMs: 1 },
    ]) {
      expect(readIssuedToken(reply, 0)).toBeNull();
    }
  });
});
