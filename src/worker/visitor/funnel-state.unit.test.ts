import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { visitorStub } from '.';
import { PHONE_LEASE_KEY } from '../../partners/mediaalpha/phone-lease';
import type { FunnelState, VisitorDO } from './visitor-do';

const stub = () => visitorStub(env, crypto.randomUUID());

/** The Medicare ZIP step answered, as a form post from any tab stores it. */
function answerZip(visitor: ReturnType<typeof stub>, zipcode: string) {
  return visitor.submitStep({ submissionId: crypto.randomUUID(), form: 'medicare', step: 'zip', values: { zipcode } });
}

describe('VisitorDO step submits', () => {
  it('merges each submit into the form bucket and the shared * bucket', async () => {
    const visitor = stub();
    await answerZip(visitor, '33101');
    await runInDurableObject(visitor, (_instance: VisitorDO, state) => {
      const rows = state.storage.sql
        .exec<{ key: string; value: string }>("SELECT key, value FROM kv WHERE key LIKE 'values:%' ORDER BY key")
        .toArray();
      expect(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])).toEqual([
        ['values:*', { zipcode: '33101' }],
        ['values:medicare', { zipcode: '33101' }],
      ]);
    });
    // Another form starts from the shared bucket; its own answers win over it.
    await visitor.submitStep({
      submissionId: crypto.randomUUID(),
      form: 'quiz-otc',
      step: 'zip',
      values: { zipcode: '10001' },
    });
    expect((await visitor.getPageState('medicare')).values.zipcode).toBe('33101');
    expect((await visitor.getPageState('life')).values.zipcode).toBe('10001');
  });

  it('is idempotent on the submission id', async () => {
    const visitor = stub();
    const id = crypto.randomUUID();
    expect(
      (await visitor.submitStep({ submissionId: id, form: 'medicare', step: 'name', values: { firstName: 'Ada' } }))
        .duplicate,
    ).toBe(false);
    const again = await visitor.submitStep({
      submissionId: id,
      form: 'medicare',
      step: 'name',
      values: { firstName: 'Eve' },
    });
    expect(again).toEqual({ duplicate: true, values: { firstName: 'Ada' } });
  });

  it('an empty submit never erases; an explicit null (skip) clears', async () => {
    const visitor = stub();
    await visitor.submitStep({
      submissionId: crypto.randomUUID(),
      form: 'medicare',
      step: 'medicare',
      values: { haveMedicare: true },
    });
    const empty = await visitor.submitStep({
      submissionId: crypto.randomUUID(),
      form: 'medicare',
      step: 'medicare',
      values: {},
    });
    expect(empty.values.haveMedicare).toBe(true);
    const skipped = await visitor.submitStep({
      submissionId: crypto.randomUUID(),
      form: 'medicare',
      step: 'medicare',
      values: { haveMedicare: null },
    });
    expect(skipped.values.haveMedicare).toBeNull();
  });

  it('prefill fills only what the visitor has not answered', async () => {
    const visitor = stub();
    await visitor.submitStep({
      submissionId: crypto.randomUUID(),
      form: 'medicare',
      step: 'name',
      values: { firstName: 'Ada' },
    });
    const state = await visitor.getFunnelState('medicare', { firstName: 'Mallory', lastName: 'Lovelace' });
    expect(state.values).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(state.completed).toBe(false);
    await visitor.completeForm('medicare');
    expect((await visitor.getFunnelState('medicare', null)).completed).toBe(true);
    expect((await visitor.getFunnelState('auto', null)).completed).toBe(false);
  });
});

describe('VisitorDO page render state', () => {
  it('returns the stored location as the text stored, and a finish of any form of the product', async () => {
    const visitor = stub();
    // Written with spacing JSON.stringify never writes: the state carries the row's own text, not a copy parsed and written out again.
    const location = '{"zip": "33101", "city": "Miami", "stateCode": "FL", "county": "Miami-Dade"}';
    await runInDurableObject(visitor, (_instance: VisitorDO, state) => {
      state.storage.sql.exec(
        'INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)',
        'partner:location',
        location,
        Date.now(),
      );
    });
    await runInDurableObject(visitor, (instance: VisitorDO) => {
      expect(instance.getFunnelState('medicare', null)).toEqual({
        values: {},
        lease: null,
        completed: false,
        location,
      });
    });
    // Finished on another Medicare form (the quiz), withheld for the visitor's opt-out.
    await visitor.completeForm('quiz-otc', false, 'opted-out');
    for (const form of ['medicare', 'quiz-otc', 'medicare']) {
      const state = await visitor.getFunnelState(form, null);
      expect(state, form).toMatchObject({ completed: true, shared: false, withheldBecause: 'opted-out', location });
    }
    // Another product's form is not finished by it.
    expect(await visitor.getFunnelState('auto', null)).toMatchObject({ completed: false, location });
    expect(await visitor.getFunnelState(null, null)).toMatchObject({ completed: false, location });
  });
});

describe('VisitorDO page render state kept between reads', () => {
  const medicareOwner = { product: 'medicare' as const, placementId: 'placement-medicare' };
  const autoOwner = { product: 'auto' as const, placementId: 'placement-auto' };
  const lease = { value: '18005550100', expirationDate: '2099-01-01T00:00:00.000Z' };

  it('never shows a read older than the last change: a step, a call-back, a finish, a lease, an erasure', async () => {
    const visitor = stub();
    // The page's read is the state's JSON text (getFunnelStateText): the same state, never an older text.
    const read = async (): Promise<FunnelState> => {
      const text = await visitor.getFunnelStateText('medicare', null, medicareOwner);
      const state = await visitor.getFunnelState('medicare', null, medicareOwner);
      expect(JSON.parse(text)).toStrictEqual(state);
      return state;
    };
    expect((await read()).values).toEqual({});
    // Read twice (the second from what the object kept), then changed by a step from another tab.
    await answerZip(visitor, '33101');
    expect((await read()).values).toEqual({ zipcode: '33101' });
    expect((await read()).values).toEqual({ zipcode: '33101' });
    await answerZip(visitor, '10001');
    expect((await read()).values).toEqual({ zipcode: '10001' });
    // A call-back time asked for, then declined.
    await visitor.requestCallback('medicare', '2099-01-01T15:00:00.000Z');
    expect((await read()).values.callbackAt).toBe('2099-01-01T15:00:00.000Z');
    await visitor.forgetCallback('medicare');
    expect((await read()).values.callbackAt).toBeUndefined();
    // A lease written with no page response to carry it (as a get-phone call stores one): the page shows it at once.
    await runInDurableObject(visitor, (instance: VisitorDO) => {
      (instance as unknown as { putJson(key: string, value: unknown): void }).putJson(PHONE_LEASE_KEY, {
        ...lease,
        ...medicareOwner,
      });
    });
    expect((await read()).lease).toEqual(lease);
    // Kept per lease owner: another product's page never gets this lease.
    expect((await visitor.getFunnelState('medicare', null, autoOwner)).lease).toBeNull();
    expect((await read()).lease).toEqual(lease);
    await visitor.completeForm('medicare');
    expect((await read()).completed).toBe(true);
    // The privacy erasure (and the idle expiry, which calls the same forget): nothing is shown after it.
    await visitor.forget();
    expect(await read()).toEqual({ values: {}, lease: null, completed: false, location: null });
  });

  it('reads the rows again when storage changed outside its own writes', async () => {
    const visitor = stub();
    await answerZip(visitor, '33101');
    expect((await visitor.getFunnelState('medicare', null)).values).toEqual({ zipcode: '33101' });
    await runInDurableObject(visitor, (instance: VisitorDO, state) => {
      state.storage.sql.exec("UPDATE kv SET value = ? WHERE key LIKE 'values:%'", '{"zipcode":"60601"}');
      instance.storageChanged();
    });
    expect((await visitor.getFunnelState('medicare', null)).values).toEqual({ zipcode: '60601' });
  });
});
