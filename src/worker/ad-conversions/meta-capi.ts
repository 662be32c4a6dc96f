/**
 * Meta Conversions API `Lead` events, in the shape of Meta's "Server Event Parameters"
 * documentation: POST /{api-version}/{pixel-id}/events with `data` and `access_token`.
 * event_id is the lead's submission id, the id a browser pixel's Lead event carries too, so Meta
 * counts the two once. `fbc` is built from the fbclid as Meta documents it
 * (fb.1.<creation time ms>.<fbclid>); `fbp` is the _fbp cookie when the visit had one. Contact
 * fields are SHA-256 of the normalised value (email lower case; phone digits with country code).
 */
export const META_API_VERSION = 'v21.0';

export interface MetaConfig {
  baseUrl: string;
  pixelId: string;
  accessToken: string;
}

export function metaConfig(env: object): MetaConfig | null {
  const get = (name: string) => {
    const value: unknown = Reflect.get(env, name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const baseUrl = get('META_CAPI_BASE_URL');
  const pixelId = get('META_PIXEL_ID');
  const accessToken = get('META_CAPI_ACCESS_TOKEN');
  if (!baseUrl || !pixelId || !accessToken) return null;
  return { baseUrl: baseUrl.replace(/\/$/, ''), pixelId, accessToken };
}

export interface LeadEventInput {
  eventId: string;
  at: Date;
  /** When the visit was first seen with its fbclid (ms): the fbc's creation time. */
  clickSeenAt: Date;
  clickIds: Record<string, string>;
  sourceUrl: string | null;
  valueUsd: number;
  emailSha256: string | null;
  phoneSha256: string | null;
}

export function leadEventRequest(config: MetaConfig, input: LeadEventInput) {
  const userData = {
    ...(input.emailSha256 ? { em: [input.emailSha256] } : {}),
    ...(input.phoneSha256 ? { ph: [input.phoneSha256] } : {}),
    ...(input.clickIds.fbclid ? { fbc: `fb.1.${input.clickSeenAt.getTime()}.${input.clickIds.fbclid}` } : {}),
    ...(input.clickIds.fbp ? { fbp: input.clickIds.fbp } : {}),
  };
  return {
    url: `${config.baseUrl}/${META_API_VERSION}/${config.pixelId}/events`,
    body: {
      data: [
        {
          event_name: 'Lead',
          event_time: Math.floor(input.at.getTime() / 1000),
          event_id: input.eventId,
          action_source: 'website',
          ...(input.sourceUrl ? { event_source_url: input.sourceUrl } : {}),
          user_data: userData,
          custom_data: { value: input.valueUsd, currency: 'USD' },
        },
      ],
      access_token: config.accessToken,
    },
  };
}
