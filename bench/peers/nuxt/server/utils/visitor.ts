import type { H3Event } from 'h3';
import { useSession } from 'h3';

/** What the peer's session cookie holds: the visitor, the visit, the edge's postal code, whether answers are stored. */
export interface PeerSession {
  visitorId?: string;
  sessionId?: string;
  edgeZip?: string | null;
  answers?: boolean;
}

/** A zip's place in the product's shipped zip data (what the product stores with a zip step). */
export interface PeerLocation {
  zip: string;
  city: string;
  stateCode: string;
  county: string;
}

/** What the peer keeps of a visitor in KV: the form's answers and the place of their zip, read in one call. */
export interface StoredAnswers {
  values: Record<string, unknown>;
  location: PeerLocation | null;
}

/** The request's visitor as the page renders it. */
export interface PeerVisitor {
  nonce: string;
  visitorId: string;
  sessionId: string;
  submissionId: string;
  /** The browser sent back a session this peer sealed: it has had a page, which prefetched the stylesheet. */
  returning: boolean;
  zip: string | null;
  /** The stored place of that zip, else null (the product shows a place only for the zip it stored). */
  location: PeerLocation | null;
  values: Record<string, unknown>;
}

/** The two calls the peer makes on its KV namespace. */
interface AnswersStore {
  get(key: string, type: 'json'): Promise<unknown>;
  put(key: string, value: string): Promise<void>;
}

export interface PeerEnv {
  ANSWERS: AnswersStore;
  /** The peer's static assets, which include the product's zip data (nuxt.config.ts). */
  ASSETS: { fetch(request: Request): Promise<Response> };
  SANDBOX_ORIGIN: string;
}

/** The bindings of the Worker (nitro's cloudflare_module preset puts them on the event's context). */
export const peerEnv = (event: H3Event) => (event.context.cloudflare as { env: PeerEnv }).env;

// A sealed cookie (h3's useSession: iron, AES-CBC and HMAC-SHA256): how a Nuxt app keeps a visitor
// without a store of its own. A bench-only secret; the peer never leaves the bench's Miniflare.
const SESSION = {
  name: 'qf_peer',
  password: 'the bench Nuxt peer session secret, not a real one',
  maxAge: 30 * 24 * 3600,
  cookie: { httpOnly: true, secure: true, sameSite: 'lax' as const, path: '/' },
};

export const peerSession = (event: H3Event) => useSession<PeerSession>(event, SESSION);

export const answersKey = (visitorId: string) => `answers:${visitorId}`;

/** A visitor's KV entry (written only by server/api/answers.post.ts), or nothing stored. */
export function storedAnswers(stored: unknown): StoredAnswers {
  const s = (stored ?? {}) as Partial<StoredAnswers>;
  return { values: s.values ?? {}, location: s.location ?? null };
}

/**
 * A zip's place from the product's shipped zip data (public/data/zips/{first 3 digits}.json, zip to
 * [city, state code, county]), served among the peer's own assets; null for a zip it does not hold.
 */
export async function lookupZip(env: PeerEnv, zip: string): Promise<PeerLocation | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const res = await env.ASSETS.fetch(new Request(`https://assets.invalid/data/zips/${zip.slice(0, 3)}.json`));
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`zip data for ${zip}: ${res.status}`);
  const place = ((await res.json()) as Record<string, [string, string, string] | undefined>)[zip];
  return place ? { zip, city: place[0], stateCode: place[1], county: place[2] } : null;
}
