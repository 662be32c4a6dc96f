/**
 * The partners that may report payouts: rows of D1 `revenue_partners` (mediaalpha and
 * quotewizard from the migration; another is added with one INSERT, no deploy), each with its
 * payout ceiling, the conversion types it reports and how its payouts arrive. Read once a minute per isolate: a postback burst
 * costs one query, and a new partner or ceiling takes effect within a minute.
 */
import { CONVERSION_TYPES, type ConversionType } from './postback-schema';

export interface RevenuePartner {
  name: string;
  /** The conversion types it pays for: a postback of another type is refused. */
  conversionTypes: ReadonlySet<ConversionType>;
  mode: 'postback' | 'pull';
  payoutCeilingCents: number;
  reportUrl: string | null;
}

const TTL_MS = 60_000;
let cache: { at: number; partners: Map<string, RevenuePartner> } | null = null;

export async function revenuePartners(db: D1Database, now = Date.now()): Promise<Map<string, RevenuePartner>> {
  if (cache && now - cache.at < TTL_MS) return cache.partners;
  const { results } = await db
    .prepare(
      'SELECT name, mode, payout_ceiling_cents, report_url, conversion_types FROM revenue_partners WHERE active = 1',
    )
    .all<{
      name: string;
      mode: string;
      payout_ceiling_cents: number;
      report_url: string | null;
      conversion_types: string;
    }>();
  const partners = new Map<string, RevenuePartner>();
  for (const row of results)
    partners.set(row.name, {
      name: row.name,
      conversionTypes: new Set(
        row.conversion_types.split(',').flatMap((t) => CONVERSION_TYPES.filter((type) => type === t.trim())),
      ),
      mode: row.mode === 'pull' ? 'pull' : 'postback',
      payoutCeilingCents: row.payout_ceiling_cents,
      reportUrl: row.report_url,
    });
  cache = { at: now, partners };
  return partners;
}

/** A partner's signing secret (POSTBACK_SECRET_<NAME>), or null when the deployment has none. */
export function postbackSecret(env: object, name: string): string | null {
  const value: unknown = Reflect.get(env, name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
