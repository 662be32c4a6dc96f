import { partnerJson, partnerTimeoutMs } from '../partner-fetch';
import type { DemandCheckRequest } from './demand-check';
import type { AdsRequest, GetPhoneRequest } from './get-phone';
import { adResponseSchema, demandCheckResponseSchema, getPhoneResponseSchema } from './schemas';

/**
 * The MediaAlpha client: base URL from MEDIAALPHA_BASE_URL (the sandbox locally), token
 * from the MEDIAALPHA_API_TOKEN secret, timeout from PARTNER_TIMEOUT_MS, every reply parsed.
 */
export type MediaAlphaEnv = Pick<Env, 'MEDIAALPHA_BASE_URL' | 'MEDIAALPHA_API_TOKEN' | 'PARTNER_TIMEOUT_MS'>;

export function mediaAlphaClient(env: MediaAlphaEnv, timeoutMs = partnerTimeoutMs(env)) {
  const base = env.MEDIAALPHA_BASE_URL.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${env.MEDIAALPHA_API_TOKEN}` };
  const post = (path: string, json: unknown) => ({
    partner: 'mediaalpha',
    url: `${base}${path}`,
    method: 'POST' as const,
    headers,
    json,
    timeoutMs,
  });
  return {
    demandCheck: (body: DemandCheckRequest) => partnerJson(post('/demand-check', body), demandCheckResponseSchema),
    getPhone: (body: GetPhoneRequest) => partnerJson(post('/get-phone', body), getPhoneResponseSchema),
    ads: (body: AdsRequest) => partnerJson(post('/ads', body), adResponseSchema),
  };
}
export type MediaAlphaClient = ReturnType<typeof mediaAlphaClient>;
