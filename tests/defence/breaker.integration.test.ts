import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';

/**
 * The MediaAlpha circuit breaker through the Worker. Breakers are per
 * partner and Cloudflare location, so this file sends its own location (request.cf.colo) and
 * never opens the breaker other files' requests use. BREAKER_FAILURES is 5 (wrangler.toml);
 * the open period is 2 s in tests (vitest.config.ts).
 */
const DEFAULT_DISPLAY = '1-800-555-0101';
type PhoneReply = { phone: { display: string }; source: string };

function getPhone(ip: string, colo: string): Promise<{ reply: PhoneReply; ms: number }> {
  const v = visitor('bh', { ip });
  const started = Date.now();
  return v
    .fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
      cf: { colo },
    })
    .then(async (res) => {
      expect(res.status).toBe(200);
      return { reply: await res.json<PhoneReply>(), ms: Date.now() - started };
    });
}

describe('MediaAlpha circuit breaker', () => {
  it(
    'opens after 5 failures, serves the default number without calling, and closes again',
    { timeout: 40_000 },
    async () => {
      const colo = `T${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
      const other = `U${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
      const sb = sandboxScope();
      await sb.set('mediaalpha', 'error');

      for (let i = 0; i < 5; i++) {
        const { reply } = await getPhone(sb.ip, colo);
        expect(reply).toMatchObject({ source: 'fallback', phone: { display: DEFAULT_DISPLAY } });
      }
      // Failures are recorded after the answer (waitUntil): wait until the sixth is skipped. Each
      // ask comes from an ip of its own (the partner failing there too), so a slow run's many asks
      // never meet the per-ip get-phone limit (12 a minute) instead of the breaker.
      const failingIp = async () => {
        const scope = sandboxScope();
        await scope.set('mediaalpha', 'error');
        return scope.ip;
      };
      const skipped = await pollUntil(
        async () => getPhone(await failingIp(), colo),
        (r) => r.reply.source === 'unavailable',
        5_000,
        100,
      );
      expect(skipped.reply).toMatchObject({ source: 'unavailable', phone: { display: DEFAULT_DISPLAY } });
      const callsWhileOpen = (await sb.calls('mediaalpha', '/get-phone')).length;
      const again = await getPhone(sb.ip, colo);
      expect(again.reply.source).toBe('unavailable');
      expect((await sb.calls('mediaalpha', '/get-phone')).length).toBe(callsWhileOpen);

      // Another location's breaker is its own: there the partner is still asked.
      const elsewhere = await getPhone(sb.ip, other);
      expect(elsewhere.reply.source).toBe('fallback');
      expect((await sb.calls('mediaalpha', '/get-phone')).length).toBe(callsWhileOpen + 1);

      // partnerUnavailable reached D1 (partner and location, nothing personal).
      const events = await pollUntil(
        async () =>
          (
            await env.DB.prepare(
              `SELECT properties FROM events WHERE event = 'partnerUnavailable' AND properties LIKE ?`,
            )
              .bind(`%"location":"${colo}"%`)
              .all<{ properties: string }>()
          ).results,
        (rows) => rows.length > 0,
        15_000,
      );
      expect(JSON.parse(events[0]?.properties ?? '{}')).toMatchObject({ partner: 'mediaalpha', location: colo });

      // The partner recovers; after the open period one trial call goes through and closes it.
      await sb.set('mediaalpha', 'normal');
      const recovered = await pollUntil(
        () => getPhone(sandboxScope().ip, colo),
        (r) => r.reply.source === 'partner',
        15_000,
        500,
      );
      expect(recovered.reply.source).toBe('partner');
      expect(recovered.reply.phone.display).not.toBe(DEFAULT_DISPLAY);
    },
  );

  it(
    'a hanging partner: get-phone never waits for the hang, and the open breaker then makes no call',
    { timeout: 40_000 },
    async () => {
      const colo = `H${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
      const sb = sandboxScope();
      await sb.set('mediaalpha', 'slow', 10_000);
      const times: number[] = [];
      for (let i = 0; i < 8; i++) {
        const { reply, ms } = await getPhone(sb.ip, colo);
        expect(reply.phone.display).toBe(DEFAULT_DISPLAY);
        times.push(ms);
      }
      // The deadline answered, not the partner hanging 10 s. Not a speed figure (a loaded run
      // stretches every request; the bench measures speed): only that the hang was not waited for.
      expect(Math.max(...times)).toBeLessThan(5_000);
      // Timeouts count as failures: once open, the answer no longer waits for the deadline. Each
      // ask from an ip of its own (the partner hanging there too): see the per-ip limit above.
      let lastScope = sandboxScope();
      const open = await pollUntil(
        async () => {
          lastScope = sandboxScope();
          await lastScope.set('mediaalpha', 'slow', 10_000);
          return getPhone(lastScope.ip, colo);
        },
        (r) => r.reply.source === 'unavailable',
        10_000,
        200,
      );
      expect(open.reply.source).toBe('unavailable');
      // Spared: the open breaker made no call to wait for.
      expect(await lastScope.calls('mediaalpha', '/get-phone')).toEqual([]);
    },
  );
});
