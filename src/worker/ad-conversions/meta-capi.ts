/**
 * Meta Conversions API `Lead` events, in the shape of Meta's "Server Event Parameters" and
 * "Customer Information Parameters" pages: POST /{api-version}/{pixel-id}/events with `data` and
 * `access_token`. A website event needs event_name, event_time, action_source 'website',
 * event_source_url, user_data.client_user_agent (and we always have the client ip too); without
 * them we send nothing rather than an event Meta refuses. event_id is the lead's submission id, so
 * a browser pixel Lead event carrying the same eventID is counted once (no pixel fires one today).
 * `fbc` is built from the fbclid as Meta documents it (fb.1.<creation time ms>.<fbclid>); `fbp` is
 * the _fbp cookie when the visit had one. Contact fields are SHA-256 of the normalised value
 * (email lower case; phone digits with country code), and only when ad-consent.ts allows.
 */
import { META_API_VERSION } from './meta-api-version';
import { dataProcessingOptions } from './meta-ldu';

export { META_API_VERSION };

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

/**
 * The page the lead was sent from, as Meta may see it: scheme, host and path only. The query
 * string (click ids, campaign names, anything a partner appended) and the fragment are dropped.
 */
export function eventSourceUrl(pageUrl: string | null): string | null {
  if (!pageUrl) return null;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

export interface LeadEventInput {
  eventId: string;
  at: Date;
  /** When the visit was first seen with its fbclid (ms): the fbc's creation time. */
  clickSeenAt: Date;
  clickIds: Record<string, string>;
  sourceUrl: string | null;
  clientIp: string | null;
  clientUserAgent: string | null;
  valueUsd: number;
  emailSha256: string | null;
  phoneSha256: string | null;
  /** The visitor's state (two letters) for Limited Data Use, null when unknown. */
  stateCode: string | null;
}

/** The request, or null when a field Meta requires of a website event is missing. */
export function leadEventRequest(config: MetaConfig, input: LeadEventInput) {
  const sourceUrl = eventSourceUrl(input.sourceUrl);
  if (!sourceUrl || !input.clientUserAgent || !input.clientIp) return null;
  const userData = {
    client_ip_address: input.clientIp,
    client_user_agent: input.clientUserAgent,
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
          event_source_url: sourceUrl,
          user_data: userData,
          custom_data: { value: input.valueUsd, currency: 'USD' },
          ...dataProcessingOptions(input.stateCode),
        },
      ],
      access_token: config.accessToken,
    },
  };
}

/**
 * Meta's name for a paid call. `Contact` is the standard event Meta defines as "a telephone, SMS,
 * email, chat or other type of contact between a customer and your business": what a call is. A
 * `Purchase` would say the caller bought something, which they did not (a partner paid us for
 * the call); a custom event gets none of a standard event's reporting.
 */
export const META_CALL_EVENT_NAME = 'Contact';

export interface CallEventInput {
  /** Unique per paid call (callTransactionId): Meta deduplicates on event_name with event_id. */
  eventId: string;
  /** When the call happened (the partner's `at`). */
  at: Date;
  clickSeenAt: Date;
  clickIds: Record<string, string>;
  valueUsd: number;
  stateCode: string | null;
}

/**
 * A paid call as an offline Conversions API event: action_source `phone_call` ("Conversion was
 * made over the phone"), which needs neither event_source_url nor client_user_agent (those are
 * required of website events only). user_data is the visit's click alone (fbc from the fbclid,
 * fbp): a postback carries no caller contact, and Meta needs at least one customer information
 * parameter, so a visit with neither is not sent (null).
 */
export function callEventRequest(config: MetaConfig, input: CallEventInput) {
  const userData = {
    ...(input.clickIds.fbclid ? { fbc: `fb.1.${input.clickSeenAt.getTime()}.${input.clickIds.fbclid}` } : {}),
    ...(input.clickIds.fbp ? { fbp: input.clickIds.fbp } : {}),
  };
  if (Object.keys(userData).length === 0) return null;
  return {
    url: `${config.baseUrl}/${META_API_VERSION}/${config.pixelId}/events`,
    body: {
      data: [
        {
          event_name: META_CALL_EVENT_NAME,
          event_time: Math.floor(input.at.getTime() / 1000),
          event_id: input.eventId,
          action_source: 'phone_call',
          user_data: userData,
          custom_data: { value: input.valueUsd, currency: 'USD' },
          ...dataProcessingOptions(input.stateCode),
        },
      ],
      access_token: config.accessToken,
    },
  };
}
