import type { H3Event } from 'h3';
import { useSession } from 'h3';

/** What the peer's session cookie holds: the visitor, the visit, the edge's postal code, whether answers are stored. */
export interface PeerSession {
  visitorId?: string;
  sessionId?: string;
  edgeZip?: string | null;
  answers?: boolean;
}

/** The request's visitor as the page renders it. */
export interface PeerVisitor {
  nonce: string;
  visitorId: string;
  sessionId: string;
  submissionId: string;
  zip: string | null;
  values: Record<string, unknown>;
}

/** The two calls the peer makes on its KV namespace. */
interface AnswersStore {
  get(key: string, type: 'json'): Promise<unknown>;
  put(key: string, value: string): Promise<void>;
}

export interface PeerEnv {
  ANSWERS: AnswersStore;
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
