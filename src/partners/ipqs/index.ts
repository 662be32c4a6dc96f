import { z } from 'zod';
import { partnerJson, partnerTimeoutMs } from '../partner-fetch';
import { toHex } from '../../shared/hex';

/**
 * IPQualityScore ip reputation (spec section 7.6). The key is the IPQS_API_KEY secret and
 * sits in the path as IPQS requires: `GET {IPQS_BASE_URL}/ip/{key}/{ip}?user_agent=&strictness=1`.
 * The reply is reduced to the fields the funnel and analytics use, cached per ip in KV for a
 * day (the ip is hashed in the key) and stored on the visitor.
 */
export const ipqsReplySchema = z.looseObject({
  success: z.boolean(),
  message: z.string().optional(),
  fraud_score: z.number().min(0).max(100).optional(),
  proxy: z.boolean().optional(),
  vpn: z.boolean().optional(),
  tor: z.boolean().optional(),
  bot_status: z.boolean().optional(),
  recent_abuse: z.boolean().optional(),
  is_crawler: z.boolean().optional(),
  connection_type: z.string().optional(),
  ISP: z.string().optional(),
  country_code: z.string().optional(),
  region: z.string().optional(),
  request_id: z.string().optional(),
});

/** The ip-quality result (event context field); no ip or location beyond country in it. */
export const ipQualitySchema = z.object({
  fraudScore: z.number().nullable(),
  proxy: z.boolean(),
  vpn: z.boolean(),
  tor: z.boolean(),
  bot: z.boolean(),
  recentAbuse: z.boolean(),
  crawler: z.boolean(),
  connectionType: z.string().nullable(),
  isp: z.string().nullable(),
  countryCode: z.string().nullable(),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type IpQuality = z.infer<typeof ipQualitySchema>;

export const IPQS_CACHE_TTL_SECONDS = 24 * 60 * 60;

export function toIpQuality(reply: z.infer<typeof ipqsReplySchema>, now: Date): IpQuality {
  return {
    fraudScore: reply.fraud_score ?? null,
    proxy: reply.proxy ?? false,
    vpn: reply.vpn ?? false,
    tor: reply.tor ?? false,
    bot: reply.bot_status ?? false,
    recentAbuse: reply.recent_abuse ?? false,
    crawler: reply.is_crawler ?? false,
    connectionType: reply.connection_type ?? null,
    isp: reply.ISP ?? null,
    countryCode: reply.country_code ?? null,
    checkedAt: now.toISOString(),
  };
}

export async function ipCacheKey(ip: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ip));
  return `ipqs:${toHex(digest)}`;
}

export type IpqsEnv = Pick<Env, 'IPQS_BASE_URL' | 'IPQS_API_KEY' | 'PARTNER_TIMEOUT_MS' | 'CACHE'>;

/** Cached per ip in KV; a miss asks IPQS. Throws PartnerError when IPQS fails or says success: false. */
export async function checkIp(
  env: IpqsEnv,
  ip: string,
  ua: string,
  now = new Date(),
): Promise<{ result: IpQuality; cached: boolean }> {
  const key = await ipCacheKey(ip);
  const hit = ipQualitySchema.safeParse(await env.CACHE.get(key, 'json'));
  if (hit.success) return { result: hit.data, cached: true };
  const url = new URL(
    `${env.IPQS_BASE_URL.replace(/\/+$/, '')}/ip/${encodeURIComponent(env.IPQS_API_KEY)}/${encodeURIComponent(ip)}`,
  );
  url.searchParams.set('user_agent', ua);
  url.searchParams.set('strictness', '1');
  const reply = await partnerJson(
    { partner: 'ipqs', url: url.href, timeoutMs: partnerTimeoutMs(env) },
    ipqsReplySchema.refine((r) => r.success, 'IPQS answered success: false'),
  );
  const result = toIpQuality(reply, now);
  await env.CACHE.put(key, JSON.stringify(result), { expirationTtl: IPQS_CACHE_TTL_SECONDS });
  return { result, cached: false };
}
