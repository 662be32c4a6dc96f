import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { postback, report } from './support';

/**
 * The report speaks money: a payout attributed to a visit shows on that visit's brand, page,
 * traffic source, campaign, paid flag and variant, realized beside expected, in the page and the
 * CSV; days outside the events' hot window read the same rollups. Each test uses a traffic source
 * of its own, so rows of other tests never mix in.
 */

function csvRows(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\r\n');
  const names = (head ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i] ?? `${i}`, value])));
}

describe('revenue in the report', () => {
  it('shows a call payout on the source, campaign and page of the visit that leased the number', async () => {
    const source = `src${crypto.randomUUID().slice(0, 8)}`;
    const campaign = `camp-${crypto.randomUUID().slice(0, 8)}`;
    const v = visitor('bh', { ip: loopbackIp(), urlParams: { utm_source: source, utm_campaign: campaign } });
    expect((await v.get('/get-yours-otc')).status).toBe(200);
    // The page is shown the default number when the lease misses its 1 s deadline (four test workers
    // on two cores can be that slow); the lease goes on and the page's next ask gets it.
    const number = await pollUntil(
      async () => {
        const phone = await v.fetch('/api/mediaalpha/get-phone', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: 'get-yours-otc' }),
        });
        return (await phone.json<{ lease: { value: string } | null }>()).lease?.value ?? '';
      },
      (value) => value !== '',
      15_000,
    );
    await pollUntil(
      () =>
        env.LEASES_DB.prepare('SELECT 1 AS ok FROM phone_leases WHERE number = ? AND session_id = ?')
          .bind(number, v.sessionId)
          .first(),
      (row) => row !== null,
      10_000,
    );
    const paid = await postback('mediaalpha', {
      conversion_id: `conv-${crypto.randomUUID()}`,
      type: 'call',
      payout: 64.2,
      at: new Date().toISOString(),
      phone: `+${number}`,
    });
    expect(await paid.json()).toEqual({ status: 'recorded', attributed: true });

    const csv = await report('brand=bh&format=csv');
    expect(csv.status).toBe(200);
    const rows = csvRows(await csv.text()).filter((r) => r.section === 'money');
    expect(rows.find((r) => r.money_by === 'source' && r.money_key === source)).toMatchObject({
      realized_usd: '64.2000',
      revenue_usd: '64.2000',
    });
    expect(rows.find((r) => r.money_by === 'campaign' && r.money_key === campaign)).toMatchObject({
      realized_usd: '64.2000',
      visits: '1',
      rpv_realized: '64.2000',
    });
    const page = rows.find((r) => r.money_by === 'page' && r.money_key === 'bh get-yours-otc');
    expect(Number(page?.realized_usd)).toBeGreaterThanOrEqual(64.2);

    const html = await (await report('brand=bh')).text();
    expect(html).toContain('<h2>Revenue</h2>');
    expect(html).toMatch(
      new RegExp(`<th scope="row" class="text">${campaign}</th><td>1</td><td>0</td><td>\\$64\\.20</td>`),
    );
    expect(html).toContain('id="chart-money-source"');
  });

  it('reads days outside the hot window from the rollups, and counts unattributed payouts apart', async () => {
    const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const source = `old${crypto.randomUUID().slice(0, 8)}`;
    const session = crypto.randomUUID();
    await env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, expected_cents, created_at, updated_at)
       VALUES (?, ?, 'v', ?, 'bh', 'get-yours-otc', ?, '', 0, '', 1500, ?, ?)`,
    )
      .bind(
        session,
        `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
        day,
        source,
        `${day}T10:00:00.000Z`,
        `${day}T10:00:00.000Z`,
      )
      .run();
    const csv = csvRows(await (await report(`from=${day}&to=${day}&format=csv`)).text());
    expect(csv.find((r) => r.section === 'money' && r.money_by === 'source' && r.money_key === source)).toMatchObject({
      expected_usd: '15',
      realized_usd: '0',
      revenue_usd: '15',
    });
    // A payout of that day with no visit is reported as unattributed, not on any visit.
    const stored = await postback('mediaalpha', {
      conversion_id: `conv-${crypto.randomUUID()}`,
      type: 'call',
      payout: 7,
      at: `${day}T12:00:00.000Z`,
      phone: '+18005550199',
    });
    expect(await stored.json()).toMatchObject({ status: 'recorded' });
    const after = csvRows(await (await report(`from=${day}&to=${day}&format=csv`)).text());
    const stray = after.find((r) => r.section === 'money' && r.money_by === 'unattributed');
    expect(Number(stray?.realized_usd)).toBeGreaterThanOrEqual(7);
  });
});
