import { describe, expect, it } from 'vitest';
import { decode, submitStep, visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';

/**
 * The number once the call is routable (src/shared/forms/call-ready.ts), without JavaScript: the
 * Medicare step that completes the call's answers (zip, Medicare, Medicaid) leases the number
 * before its redirect, so the name step already shows it on every call button; the zip and the
 * Medicare answer alone lease nothing. The lease carries those answers and nothing personal.
 */
const WAIT = { timeout: 15_000, interval: 100 };

const shownNumbers = (html: string) =>
  [...decode(html).matchAll(/class="cta-phone__number">([^<]+)</g)].map((m) => m[1] ?? '');

describe('a Medicare caller without JavaScript', () => {
  it('the Medicaid answer leases the number and the name step shows it; earlier steps lease nothing', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    expect(await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' })).toBe('/get-yours-otc/medicare');
    expect(await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' })).toBe('/get-yours-otc/medicaid');
    // Not yet: the call needs the Medicaid answer too.
    expect(await sb.calls('mediaalpha', '/get-phone')).toEqual([]);
    const next = await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
    expect(next).toBe('/get-yours-otc/name');
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const [call] = await sb.calls('mediaalpha', '/get-phone');
    // The call's answers, and no name or contact (none given, and none before consent).
    expect(call?.body).toMatchObject({
      data: { zip: '33101', currently_insured: 1, receives_medicaid: 0 },
      sub_3: 'get-yours-otc',
    });
    expect((call?.body as { data: Record<string, unknown> }).data).not.toHaveProperty('contact');
    // The name step (and its header and call bar) shows the leased sandbox number, not the default.
    await expect
      .poll(async () => {
        const shown = shownNumbers(await (await v.get(next)).text());
        return shown.length > 0 && shown.every((n) => /^1-833-555-\d{4}$/.test(n));
      }, WAIT)
      .toBe(true);
  });

  it('a skipped Medicare question still leases at the Medicaid step (the call is routed on the zip)', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { _action: 'skip' });
    expect(await submitStep(v, '/get-yours-otc/medicaid', { _action: 'skip' })).toBe('/get-yours-otc/name');
    await expect.poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, WAIT).toBe(1);
    const [call] = await sb.calls('mediaalpha', '/get-phone');
    expect(call?.body).toMatchObject({ data: { zip: '33101' } });
  });
});
