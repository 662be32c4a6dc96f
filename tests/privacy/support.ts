import { env } from 'cloudflare:workers';
import { z } from 'zod';
import { contactFingerprint } from '../../src/worker/consent/contact-hash';
import { decodeEvents } from '../../src/worker/archive';
import { pollUntil } from '../support/poll';

export const OPS = { authorization: 'Bearer test-report-token', 'content-type': 'application/json' };

/** The partner sandbox's origin (the tests' partner base URLs all point at it). */
export const sandboxOrigin = new URL(env.MEDIAALPHA_BASE_URL).origin;

/** A phone number no other test uses, as a visitor types it. */
export function uniquePhone(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint32Array(2));
  return `(305) ${200 + (a % 800)}-${String(b % 10_000).padStart(4, '0')}`;
}

export function uniqueEmail(): string {
  return `${crypto.randomUUID().slice(0, 12)}@example.com`;
}

const callSchema = z.object({ partner: z.string(), path: z.string(), body: z.unknown() });
const deletionBody = z.object({ external_id: z.string(), lead_id: z.string().optional(), request_id: z.string() });

/** The deletion requests the sandbox received for a lead, as `partner path` strings with their bodies. */
export async function deletionRequestsFor(
  leadId: string,
): Promise<{ path: string; body: z.infer<typeof deletionBody> }[]> {
  const res = await fetch(`${sandboxOrigin}/__sandbox/calls`);
  const { calls } = z.object({ calls: z.array(callSchema) }).parse(await res.json());
  return calls
    .filter((c) => c.path.endsWith('/deletions'))
    .flatMap((c) => {
      const body = deletionBody.safeParse(c.body);
      return body.success && body.data.external_id === leadId ? [{ path: c.path, body: body.data }] : [];
    });
}

/** Waits until the sandbox holds `n` deletion requests for the lead. */
export function awaitDeletionRequests(leadId: string, n: number) {
  return pollUntil(
    () => deletionRequestsFor(leadId),
    (r) => r.length >= n,
    15_000,
  );
}

/** Every archived event of the visitor, over the whole archive. */
export async function archivedEventsOf(anonymousId: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ARCHIVE.list({ prefix: 'events/', ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const found: string[] = [];
  for (const key of keys) {
    const object = await env.ARCHIVE.get(key);
    if (!object) continue;
    for (const e of await decodeEvents(await object.arrayBuffer())) if (e.anonymousId === anonymousId) found.push(key);
  }
  return found;
}

export function fingerprint(kind: 'phone' | 'email', value: string) {
  return contactFingerprint(env.LEAD_HASH_SALT, kind, value);
}

export async function plainSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number | null }>();
  return row?.n ?? 0;
}
