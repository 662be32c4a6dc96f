import { Hono } from 'hono';
import type { SandboxState } from './behaviour';
import { applyFault, stableHash, truncatedJson } from './faults';

/**
 * IPQualityScore stand-in: `GET /ipqs/ip/{key}/{ip}`. Scores are stable per ip; addresses in
 * 198.51.100.0/24 (TEST-NET-2) look like a datacenter proxy, so tests can ask for a bad ip.
 */
export function ipqsRoutes(state: SandboxState) {
  const app = new Hono();
  app.get('/ip/:key/:ip', async (c) => {
    const ip = c.req.param('ip');
    state.record(
      'ipqs',
      '/ip',
      { ip, user_agent: c.req.query('user_agent') ?? null, strictness: c.req.query('strictness') ?? null },
      ip,
    );
    if (!c.req.param('key')) return c.json({ success: false, message: 'Invalid key' });
    const setting = state.settingFor('ipqs', ip);
    const { behaviour } = setting;
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (behaviour === 'malformed') return truncatedJson(c);
    const risky = ip.startsWith('198.51.100.');
    return c.json({
      success: true,
      message: 'Success',
      fraud_score: risky ? 88 : stableHash(ip) % 30,
      country_code: 'US',
      region: 'Florida',
      city: 'Miami',
      ISP: risky ? 'Sandbox Hosting' : 'Sandbox Fiber',
      ASN: 64500,
      proxy: risky,
      vpn: risky,
      tor: false,
      active_vpn: false,
      active_tor: false,
      recent_abuse: risky,
      bot_status: risky,
      is_crawler: false,
      connection_type: risky ? 'Data Center' : 'Residential',
      mobile: false,
      request_id: crypto.randomUUID(),
    });
  });
  return app;
}
