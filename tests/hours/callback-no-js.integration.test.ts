import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { consentPage, atHumanPace, medicareContactOf } from '../support/consent';
import { decode, hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * The call-back request without JavaScript, through the Worker. While agents are away (the
 * Worker's clock pinned to a Sunday evening, the visitor in New York), the contact step posted
 * valid as a plain form is held: the answer is the call-back screen (the picker's times,
 * labelled in the visitor's zone; the step as posted in hidden fields) and no lead is recorded.
 * Posted again with a time, the time is stored and the lead then recorded carries it, to the
 * company ticked too; the finish names it. Without a time, the lead is sent without one. A time
 * in the past, outside the hours, not offered or not a time is refused with the message (400),
 * no lead, the answers kept. With agents answering, or on Skip, nothing is held.
 */
const SUNDAY_19_PT = '2025-06-16T02:00:00.000Z';
const TUESDAY_11_PT = '2025-06-10T18:00:00.000Z';
const AWAY = { 'x-dev-clock': SUNDAY_19_PT, 'x-dev-time-zone': 'America/New_York' };
const CONTACT = '/get-yours-otc/contact';
const seller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';

/** A plain form post, as a browser without JavaScript sends it, at the Worker's pinned clock. */
function postForm(v: Visitor, fields: Record<string, string>, headers: Record<string, string> = AWAY, path = CONTACT) {
  return v.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The Medicare steps before the contact step, then the contact step's fields as its form posts them. */
async function contactFields(v: Visitor, base = '/get-yours-otc', company = seller): Promise<Record<string, string>> {
  await submitStep(v, `${base}/zip`, { zipcode: '33101' });
  await submitStep(v, `${base}/medicare`, { haveMedicare: '1' });
  await submitStep(v, `${base}/medicaid`, { haveMedicaid: '0' });
  await submitStep(v, `${base}/name`, { firstName: 'Ada', lastName: 'Lovelace' });
  const page = await consentPage(v, `${base}/contact`);
  await atHumanPace(v);
  return {
    ...hiddenFieldsOf(page.raw),
    submissionId: submissionIdOf(page.raw),
    ...medicareContactOf(v),
    [`consentSeller:${company}`]: 'yes',
    // A page whose Turnstile ran: the lead is judged a person's and goes to the company ticked.
    'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
  };
}

/** The screen's offered times (value, label) and its refusal message, from its html. */
function screenOf(html: string) {
  const times = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => ({
    at: m[1] ?? '',
    label: decode(m[2] ?? ''),
  }));
  const alert = /<p class="error" role="alert"[^>]*>([^<]+)<\/p>/.exec(html)?.[1];
  return { times, alert: alert === undefined ? null : decode(alert) };
}

async function leadsOf(v: Visitor) {
  const { results } = await env.DB.prepare('SELECT id, "values" AS v, delivery FROM leads WHERE visitor_id = ?')
    .bind(v.id)
    .all<{ id: string; v: string; delivery: string }>();
  return results.map((row) => ({ ...row, values: JSON.parse(row.v) as Record<string, unknown> }));
}

describe('the call-back request without JavaScript', () => {
  it('agents away: the step is held for the screen, and the time chosen travels with the lead to the company', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const fields = await contactFields(v);

    const held = await postForm(v, fields);
    expect(held.status).toBe(200);
    expect(held.headers.get('content-type')).toMatch(/^text\/html/);
    expect(held.headers.get('cache-control')).toBe('private, no-store');
    const html = await held.text();
    expect(html).toContain('data-callback-screen');
    expect(decode(html)).toContain('Our agents are away right now');
    // The picker's times (from Monday 5:00 AM Pacific, every half hour), written in New York's time.
    const { times, alert } = screenOf(html);
    expect(times).toHaveLength(12);
    expect(times.slice(0, 2)).toEqual([
      { at: '2025-06-16T12:00:00.000Z', label: 'Mon, Jun 16, 8:00 AM ET' },
      { at: '2025-06-16T12:30:00.000Z', label: 'Mon, Jun 16, 8:30 AM ET' },
    ]);
    expect(alert).toBeNull();
    // The step as posted rides along: the same submission, contact, ticked company and token.
    const carried = hiddenFieldsOf(html);
    for (const name of ['submissionId', 'phone', 'email', `consentSeller:${seller}`, 'cf-turnstile-response'])
      expect(carried[name], name).toBe(fields[name]);
    // Nothing recorded or sent yet.
    expect(await leadsOf(v)).toEqual([]);
    expect(await sb.calls('sellers')).toEqual([]);

    const sent = await postForm(v, { ...carried, _callback: 'ask', callbackAt: '2025-06-16T12:30:00.000Z' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(CONTACT);
    const leads = await leadsOf(v);
    expect(leads.map((l) => [l.values.callbackAt, l.delivery])).toEqual([['2025-06-16T12:30:00.000Z', 'delivered']]);
    const received = await pollUntil(
      () => sb.calls('sellers'),
      (calls) => calls.length > 0,
      15_000,
    );
    expect(received.map((c) => [c.path, (c.body as { callback_at?: string }).callback_at])).toEqual([
      [`/${seller}/leads`, '2025-06-16T12:30:00.000Z'],
    ]);

    // The finish (the same address) names the time; the call button is its second option.
    const finish = await v.fetch(CONTACT, { headers: AWAY });
    const done = decode(await finish.text());
    expect(done).toContain('data-confirmation');
    expect(done).toContain('A licensed agent will call you Mon, Jun 16, 8:30 AM ET, at the number you gave.');
    expect(done).toContain('cta-phone--quiet');
  });

  it('refuses a time in the past, outside the hours, not offered or not a time: 400 on the screen, no lead, answers kept', async () => {
    const v = visitor('bh');
    const fields = await contactFields(v);
    const carried = hiddenFieldsOf(await (await postForm(v, fields)).text());
    const cases: [string, Record<string, string>, string][] = [
      // Monday 6:00 AM Pacific by then: 8:00 AM Eastern (5:00 Pacific) has passed.
      [
        '2025-06-16T12:00:00.000Z',
        { ...AWAY, 'x-dev-clock': '2025-06-16T13:00:00.000Z' },
        'That time has already passed. Please choose a time from the list.',
      ],
      // Monday 3:00 AM Pacific: nobody works.
      [
        '2025-06-16T10:00:00.000Z',
        AWAY,
        'Our licensed agents are not working at that time. Please choose a time from the list.',
      ],
      // Within the hours but not one of the half hours listed (the page altered).
      ['2025-06-16T12:10:00.000Z', AWAY, 'Please choose a time from the list.'],
      ['tomorrow morning', AWAY, 'Please choose a time from the list.'],
    ];
    for (const [at, headers, message] of cases) {
      const refused = await postForm(v, { ...carried, _callback: 'ask', callbackAt: at }, headers);
      expect(refused.status, at).toBe(400);
      const html = await refused.text();
      expect(html, at).toContain('data-callback-screen');
      expect(screenOf(html).alert, at).toBe(message);
      // The step is still carried, ready to send with another time.
      expect(hiddenFieldsOf(html).phone, at).toBe(fields.phone);
    }
    // Asked again at the later clock, the list starts from the Worker's new now (6:30 AM Pacific).
    const later = await postForm(
      v,
      { ...carried, _callback: 'ask', callbackAt: '2025-06-16T12:00:00.000Z' },
      { ...AWAY, 'x-dev-clock': '2025-06-16T13:00:00.000Z' },
    );
    expect(screenOf(await later.text()).times[0]?.label).toBe('Mon, Jun 16, 9:30 AM ET');
    expect(await leadsOf(v)).toEqual([]);
    // Back to the details: the step's answers were stored with the held post.
    const step = decode(await (await v.fetch(CONTACT, { headers: AWAY })).text());
    expect(step).toContain(`value="${fields.phone ?? ''}"`);
    expect(step).not.toContain('data-callback-screen');
  });

  it('in Spanish: the screen, its times and its refusals in the page language', async () => {
    const v = visitor('m10es');
    const base = '/get-yours-otc-es';
    const company = brandByCode('m10es')?.consent.medicare?.sellers[0]?.id ?? '';
    const held = await postForm(v, await contactFields(v, base, company), AWAY, `${base}/contact`);
    expect(held.status).toBe(200);
    const html = decode(await held.text());
    for (const words of [
      'Nuestros agentes no están disponibles ahora',
      'Pedir esta hora',
      'Enviar sin hora de llamada',
    ])
      expect(html).toContain(words);
    expect(screenOf(html).times[0]?.label).toMatch(/^lun\.?, 16 (de )?jun\.?,? 8:00\sa\.\s?m\.\s/);
    const refused = await postForm(
      v,
      { ...hiddenFieldsOf(html), _callback: 'ask', callbackAt: '2025-06-16T12:10:00.000Z' },
      AWAY,
      `${base}/contact`,
    );
    expect(refused.status).toBe(400);
    expect(screenOf(await refused.text()).alert).toBe('Elija una hora de la lista.');
    expect(await leadsOf(v)).toEqual([]);
  });

  it('"Send without a call-back time" sends the lead without one', async () => {
    const v = visitor('bh');
    const carried = hiddenFieldsOf(await (await postForm(v, await contactFields(v))).text());
    const sent = await postForm(v, { ...carried, _callback: 'none' });
    expect(sent.status).toBe(303);
    const leads = await leadsOf(v);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.values.callbackAt).toBeUndefined();
    const done = decode(await (await v.fetch(CONTACT, { headers: AWAY })).text());
    expect(done).toContain('data-confirmation');
    expect(done).not.toContain('will call you Mon');
  });

  it('"Send without a call-back time" forgets a time asked for earlier', async () => {
    const v = visitor('bh');
    const fields = await contactFields(v);
    const held = screenOf(await (await postForm(v, fields)).text());
    // A time asked for earlier (the page's picker, before the visitor changed their mind).
    const asked = await v.fetch('/api/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AWAY },
      body: JSON.stringify({ form: 'medicare', at: held.times[0]?.at }),
    });
    expect(asked.status).toBe(200);
    const carried = hiddenFieldsOf(await (await postForm(v, fields)).text());
    const sent = await postForm(v, { ...carried, _callback: 'none' });
    expect(sent.status).toBe(303);
    const leads = await leadsOf(v);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.values.callbackAt).toBeUndefined();
  });

  it('agents answering, or Skip: nothing held, the lead is recorded at once', async () => {
    const open = visitor('bh');
    const answered = await postForm(open, await contactFields(open), { 'x-dev-clock': TUESDAY_11_PT });
    expect(answered.status).toBe(303);
    expect(await leadsOf(open)).toHaveLength(1);

    const skipper = visitor('bh');
    const skipped = await postForm(skipper, { ...(await contactFields(skipper)), _action: 'skip' });
    expect(skipped.status).toBe(303);
    expect(await leadsOf(skipper)).toHaveLength(1);
  });
});
