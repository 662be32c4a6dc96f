import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedDatesOf } from '../../brands/closures';
import { isWorkingHours } from '../../src/shared/phone/working-hours';
import { finishMedicare, leadOf } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';

/**
 * Call-back requests through the Worker: the times offered when agents are away (the brand's
 * holidays skipped, labelled in the visitor's zone), a time in the past or outside the hours
 * refused with a message that says so and nothing stored, and an accepted time stored with
 * the form's answers so the lead the final step records carries it (the D1 row).
 */
afterEach(() => {
  vi.useRealTimers();
});

interface Times {
  open: boolean;
  timeZone: string;
  times: { at: string; label: string }[];
}

const askCallback = (v: Visitor, body: unknown) =>
  v.fetch('/api/callback', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'follow',
  });

describe('the times offered', () => {
  it('on Thanksgiving evening: Friday from 8:00 AM in the visitor’s own zone and language, never before they wake', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T02:00:00Z')); // Thursday 21:00 ET, 18:00 PT, Thanksgiving
    const la = await visitor('bh').fetch('/api/callback/times?lang=english', {
      cf: { colo: 'LAX', timezone: 'America/Los_Angeles' },
    });
    expect(la.status).toBe(200);
    const body = await la.json<Times>();
    expect(body).toMatchObject({ open: false, timeZone: 'America/Los_Angeles' });
    // The agents start at 8:00 Eastern (5:00 AM Pacific); a Pacific visitor is offered 8:00 AM their time.
    expect(body.times[0]).toEqual({ at: '2026-11-27T16:00:00.000Z', label: 'Fri, Nov 27, 8:00 AM PT' });
    const miami = await visitor('bh').fetch('/api/callback/times?lang=spanish', {
      cf: { colo: 'MIA', timezone: 'America/New_York' },
    });
    const es = await miami.json<Times>();
    expect(es.timeZone).toBe('America/New_York');
    expect(es.times[0]?.at).toBe('2026-11-27T13:00:00.000Z');
    expect(es.times[0]?.label).toMatch(/^vie\.?, 27 (de )?nov\.?,? 8:00\sa\.\s?m\.\shora oriental$/);
  });

  it('refuses a query it does not know', async () => {
    const res = await visitor('bh').get('/api/callback/times?lang=klingon');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('a call-back request', () => {
  it('in the past or outside the hours: 400 with the reason, nothing stored; a listed time travels with the lead', async () => {
    const v = visitor('bh');
    const now = Date.now();
    const past = await askCallback(v, { form: 'medicare', at: new Date(now - 3_600_000).toISOString() });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      error: {
        code: 'callback_time_refused',
        message: 'That time has already passed. Please choose a time from the list.',
        issues: [{ path: ['at'], code: 'past' }],
      },
    });
    // The first whole hour more than an hour away when nobody works.
    let closedHour = Math.ceil((now + 3_600_000) / 3_600_000) * 3_600_000;
    while (isWorkingHours(new Date(closedHour), null, closedDatesOf('bh'))) closedHour += 3_600_000;
    const night = await askCallback(v, {
      form: 'medicare',
      at: new Date(closedHour).toISOString(),
      language: 'spanish',
    });
    expect(night.status).toBe(400);
    expect(await night.json()).toMatchObject({
      error: { code: 'callback_time_refused', issues: [{ code: 'outside_hours' }] },
    });
    const garbage = await askCallback(v, { form: 'medicare', at: 'tomorrow morning' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ error: { code: 'invalid_request' } });

    const { times } = await (await v.get('/api/callback/times')).json<Times>();
    const chosen = times[2]?.at ?? '';
    const ok = await askCallback(v, { form: 'medicare', at: chosen });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ callbackAt: chosen });

    await finishMedicare(v, [], { phone: '(305) 555-0199' });
    const lead = await leadOf(v.id);
    expect(JSON.parse(lead.values)).toMatchObject({ callbackAt: chosen, zipcode: '33101' });
  });

  it('"Send without a call-back time" forgets a time asked for earlier: the lead carries none', async () => {
    const v = visitor('bh');
    const { times } = await (await v.get('/api/callback/times')).json<Times>();
    expect((await askCallback(v, { form: 'medicare', at: times[0]?.at ?? '' })).status).toBe(200);
    const forget = (body: unknown) =>
      v.fetch('/api/callback', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unknownForm = await forget({ form: 'no-such-form' });
    expect(unknownForm.status).toBe(400);
    expect(await unknownForm.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const declined = await forget({ form: 'medicare' });
    expect(declined.status).toBe(200);
    expect(await declined.json()).toEqual({ callbackAt: null });
    await finishMedicare(v, [], { phone: '(305) 555-0198' });
    const values = JSON.parse((await leadOf(v.id)).values) as Record<string, unknown>;
    expect(values.zipcode).toBe('33101');
    expect(values.callbackAt).toBeUndefined();
  });
});
