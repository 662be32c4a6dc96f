import { afterEach, describe, expect, it, vi } from 'vitest';
import { decode, visitor } from '../support/funnel';

/**
 * Item 4 through the Worker: the page as rendered states the hours that hold at
 * render time (spec section 4, Pacific time). The clock is the test's own (vitest fakes only
 * Date in this isolate, where the Worker runs): no request or deployed setting can move it.
 * Every tel: link has TTY 711 beside it. The browser's re-evaluation is the e2e's (tests/e2e/call-hours).
 */
afterEach(() => {
  vi.useRealTimers();
});

function at(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

/** Each tel: link with the text that follows it up to the next call button (its call-cta wrapper). */
function callButtons(html: string): string[] {
  return [...html.matchAll(/<span class="call-cta[^"]*">([\s\S]*?)<\/span><\/span>/g)].map((m) => m[1] ?? '');
}

describe('the call copy at render time', () => {
  it('says "Call now" with the hours while agents answer, TTY 711 beside every call button', async () => {
    at('2025-06-10T18:00:00Z'); // Tuesday 11:00 Pacific
    const v = visitor('bh');
    const html = decode(await (await v.get('/otc-allowance')).text());
    expect(html).toContain('Call now');
    expect(html).toContain('Open until 5:00 PM PT');
    expect(html).toContain('Licensed agents are available now until 5:00 PM PT.');
    const tels = html.match(/href="tel:/g) ?? [];
    expect(tels.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/class="call-hours__tty">TTY 711</g)?.length ?? 0).toBeGreaterThanOrEqual(tels.length);
    const buttons = callButtons(html);
    expect(buttons.length).toBeGreaterThanOrEqual(tels.length);
    for (const button of buttons) expect(button).toContain('TTY 711');
  });

  it('says when agents are back, and never "Call now", outside the hours, in English and in Spanish', async () => {
    at('2025-06-16T02:00:00Z'); // Sunday 19:00 Pacific
    const en = decode(await (await visitor('bh').get('/otc-allowance')).text());
    expect(en).not.toContain('Call now');
    expect(en).toContain('Agents back tomorrow at 5:00 AM PT');
    expect(en).toContain('Our licensed agents are away right now. They are back tomorrow at 5:00 AM PT.');
    expect(en).toContain('TTY 711');
    const es = decode(await (await visitor('m10es').get('/')).text());
    expect(es).not.toContain('Llame ahora');
    expect(es).toMatch(/Agentes desde mañana a las 5:00\sa\.\s?m\. hora del Pacífico/);
  });

  it('never serves a shared shell rendered in other hours', async () => {
    at('2025-06-10T18:00:00Z'); // Tuesday 11:00: open; the first visitor's shell is cached
    expect(decode(await (await visitor('bh').get('/otc-allowance')).text())).toContain('Open until 5:00 PM PT');
    at('2025-06-11T01:30:00Z'); // Tuesday 18:30: closed
    const later = decode(await (await visitor('bh').get('/otc-allowance')).text());
    expect(later).not.toContain('Open until');
    expect(later).toContain('Agents back tomorrow at 5:00 AM PT');
  });
});

describe('honest hours at render time', () => {
  it('is closed all of Thanksgiving (a federal holiday, in every brand’s closures)', async () => {
    at('2026-11-26T18:00:00Z'); // Thursday 10:00 PST
    const html = decode(await (await visitor('tqg').get('/compare-auto')).text());
    expect(html).not.toContain('Call now');
    expect(html).toContain('Agents back tomorrow at 5:00 AM PT');
  });

  it('writes the hours in the time zone of the edge’s location (request.cf.timezone)', async () => {
    at('2025-06-10T18:00:00Z'); // Tuesday 11:00 PDT
    const v = visitor('bh');
    const miami = decode(
      await (await v.fetch('/otc-allowance', { cf: { colo: 'MIA', timezone: 'America/New_York' } })).text(),
    );
    expect(miami).toContain('Open until 8:00 PM ET');
    expect(miami).toContain('Monday to Friday 8 AM to 8 PM, Saturday 9 AM to 6 PM, Eastern time');
    expect(miami).toContain('"callHoursZone":"America/New_York"');
    // A Denver visitor of the same hour is not served Miami's shell.
    const denver = decode(
      await (await visitor('bh').fetch('/otc-allowance', { cf: { colo: 'DEN', timezone: 'America/Denver' } })).text(),
    );
    expect(denver).toContain('Open until 6:00 PM MT');
  });

  it('reads the edge’s time zone once a session: later pages of the session keep it', async () => {
    at('2025-06-10T18:00:00Z'); // Tuesday 11:00 PDT
    const v = visitor('bh');
    const first = decode(await (await v.fetch('/otc-allowance', { cf: { timezone: 'America/New_York' } })).text());
    expect(first).toContain('Open until 8:00 PM ET');
    // The same session (the visit record came back): the zone it was first served in, whatever
    // request.cf says now (a page of the session does not parse request.cf again).
    const later = decode(await (await v.fetch('/otc-allowance', { cf: { timezone: 'America/Denver' } })).text());
    expect(later).toContain('Open until 8:00 PM ET');
    expect(later).not.toContain(' MT');
    // An unknown zone in the first page of a session is kept as none: the agents' own zone.
    const unknown = decode(
      await (await visitor('bh').fetch('/otc-allowance', { cf: { timezone: 'Nowhere/Land' } })).text(),
    );
    expect(unknown).toContain('Open until 5:00 PM PT');
  });
});
