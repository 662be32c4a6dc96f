import type { IpLookup } from '../../shared/tracking/event-context';

/**
 * The visitor's ip and rough location, from what Cloudflare tells the Worker
 * (CF-Connecting-IP and request.cf), never from the browser. Locally request.cf carries
 * Miniflare's placeholder location and the ip is the loopback address.
 */
export function ipLookupFromRequest(request: Request): IpLookup {
  const cf = (request as Request<unknown, IncomingRequestCfProperties | undefined>).cf;
  const text = (value: unknown): string | null =>
    typeof value === 'string' && value !== '' ? value.slice(0, 128) : null;
  return {
    value: request.headers.get('cf-connecting-ip') ?? '',
    geo: {
      cityName: text(cf?.city),
      stateCode: text(cf?.regionCode),
      postalCode: text(cf?.postalCode),
      isp: text(cf?.asOrganization),
    },
  };
}
