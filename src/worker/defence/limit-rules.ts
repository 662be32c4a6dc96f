/**
 * Who is rate limited where: every request that costs money (a partner call) or
 * writes. Each rule names its Workers Rate Limiting binding; the binding's limit and period
 * are config in wrangler.toml ([[ratelimits]]), repeated here only as `periodSeconds` for the
 * Retry-After header (tests/defence/limit-rules.unit.test.ts keeps the two in step).
 * Pages are not in this table: a page view never consults a limiter.
 */
export type LimitedRoute =
  | 'get-phone'
  | 'demand-check'
  | 'ads'
  | 'ipqs'
  | 'location'
  | 'quote-token'
  | 'step-submit'
  | 'lead'
  | 'event'
  | 'certificate-match'
  | 'page-view'
  | 'csp-report';

export type LimitBinding =
  | 'RATE_LIMIT_PHONE'
  | 'RATE_LIMIT_PARTNER'
  | 'RATE_LIMIT_SUBMIT'
  | 'RATE_LIMIT_LEAD'
  | 'RATE_LIMIT_EVENTS'
  | 'RATE_LIMIT_MATCH';

export interface LimitRule {
  binding: LimitBinding;
  /** The binding's period (wrangler.toml): how long a limited client waits. */
  periodSeconds: 10 | 60;
  /**
   * What a limited request gets: `default-phone` answers 200 with the brand's default number
   * (a person behind a busy shared ip still sees a number); `429` is the JSON error (or, for a
   * form posted without JavaScript, a short page) with Retry-After.
   */
  answer: 'default-phone' | '429';
}

export const LIMIT_RULES: Readonly<Record<LimitedRoute, LimitRule>> = {
  'get-phone': { binding: 'RATE_LIMIT_PHONE', periodSeconds: 60, answer: 'default-phone' },
  'demand-check': { binding: 'RATE_LIMIT_PARTNER', periodSeconds: 60, answer: '429' },
  ads: { binding: 'RATE_LIMIT_PARTNER', periodSeconds: 60, answer: '429' },
  ipqs: { binding: 'RATE_LIMIT_PARTNER', periodSeconds: 60, answer: '429' },
  // Only a zip the KV cache does not hold (a read of the shipped data set) is counted.
  location: { binding: 'RATE_LIMIT_PARTNER', periodSeconds: 60, answer: '429' },
  'quote-token': { binding: 'RATE_LIMIT_PARTNER', periodSeconds: 60, answer: '429' },
  'step-submit': { binding: 'RATE_LIMIT_SUBMIT', periodSeconds: 10, answer: '429' },
  lead: { binding: 'RATE_LIMIT_LEAD', periodSeconds: 60, answer: '429' },
  event: { binding: 'RATE_LIMIT_EVENTS', periodSeconds: 10, answer: '429' },
  // A buyer's certificate match is an oracle on one guessed phone or email: also counted per certificate.
  'certificate-match': { binding: 'RATE_LIMIT_MATCH', periodSeconds: 60, answer: '429' },
  // The page view of a page shown without JavaScript (a <noscript> image) is a write too: a
  // person turns a page every few seconds at most, so it shares the step-submit budget (15 in
  // 10 s, counted under its own key), which a script fetching the image in a loop soon meets.
  'page-view': { binding: 'RATE_LIMIT_SUBMIT', periodSeconds: 10, answer: '429' },
  // Browsers send CSP reports on their own, a few per page at most.
  'csp-report': { binding: 'RATE_LIMIT_EVENTS', periodSeconds: 10, answer: '429' },
};

/** The API requests a middleware limits by method and path (location and lead are limited where they happen). */
const API_ROUTES: ReadonlyArray<readonly [string, LimitedRoute]> = [
  ['POST /api/mediaalpha/get-phone', 'get-phone'],
  ['POST /api/mediaalpha/demand-check', 'demand-check'],
  ['POST /api/mediaalpha/ads', 'ads'],
  ['POST /api/ipqs/check-ip', 'ipqs'],
  ['POST /api/quote-token', 'quote-token'],
  ['POST /api/form/submit', 'step-submit'],
  ['POST /api/event/create', 'event'],
];
const API_ROUTE_MAP = new Map(API_ROUTES);

export function limitedApiRoute(method: string, path: string): LimitedRoute | undefined {
  return API_ROUTE_MAP.get(`${method} ${path.replace(/\/+$/, '')}`);
}
