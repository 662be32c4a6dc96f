import { fetchWithRetry } from '../../../shared/fetch-client';
import { isObject, readJson, writeJson } from './storage';

/**
 * Spec sections 3 and 4: the anonymous id mirrored in local storage with the 'anon id
 * linked' flag, and the user record synced across tabs (BroadcastChannel) and to
 * POST /api/user/set, retried after 3 s only if no newer change exists.
 */
const ANON_KEY = 'qf_anon';
const USER_KEY = 'qf_user';
const CHANNEL = 'qf_user';
export const USER_SYNC_RETRY_MS = 3000;

interface AnonRecord {
  id: string;
  linked: boolean;
}

interface UserRecord {
  id: string;
  updatedAt: number;
}

/**
 * Returns the old id to report in anonLink, or null. A first visit has nothing to link. A
 * stored id that is not linked yet is linked now; so is one that differs from the cookie's
 * (the cookie was cleared or expired while this browser still remembers the old id).
 */
export function linkAnonymousId(currentId: string): string | null {
  const raw = readJson('local', ANON_KEY);
  const stored: AnonRecord | null =
    isObject(raw) && typeof raw.id === 'string' ? { id: raw.id, linked: raw.linked === true } : null;
  writeJson('local', ANON_KEY, { id: currentId, linked: true } satisfies AnonRecord);
  if (!stored) return null;
  if (stored.id !== currentId || !stored.linked) return stored.id;
  return null;
}

function readUser(): UserRecord | null {
  const raw = readJson('local', USER_KEY);
  return isObject(raw) && typeof raw.id === 'string' && typeof raw.updatedAt === 'number'
    ? { id: raw.id, updatedAt: raw.updatedAt }
    : null;
}

let channel: BroadcastChannel | null = null;

/**
 * Sends the record. The first failure is reported and retried once after 3 s, and only if no
 * newer change happened meanwhile (here or in another tab); a failed retry waits for the next
 * page load, which syncs again.
 */
async function push(record: UserRecord, onFailure?: (message: string) => void): Promise<void> {
  try {
    const response = await fetchWithRetry('/api/user/set', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
      credentials: 'same-origin',
    });
    if (response.ok || !onFailure) return;
    onFailure(`user sync answered ${response.status}`);
  } catch (err) {
    if (!onFailure) return;
    onFailure(err instanceof Error ? err.message : 'network error');
  }
  setTimeout(() => {
    const latest = readUser();
    if (latest && latest.updatedAt === record.updatedAt) void push(latest);
  }, USER_SYNC_RETRY_MS);
}

/** Sets the user record (when it changed), tells other tabs, and syncs it to the server. */
export function syncUser(id: string, onFailure: (message: string) => void): void {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    // Another tab changed the record: adopt it if newer, so this tab never syncs a stale one.
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (isObject(data) && typeof data.id === 'string' && typeof data.updatedAt === 'number') {
        const mine = readUser();
        if (!mine || data.updatedAt > mine.updatedAt)
          writeJson('local', USER_KEY, { id: data.id, updatedAt: data.updatedAt });
      }
    };
  }
  const current = readUser();
  if (current && current.id === id) return;
  const record: UserRecord = { id, updatedAt: Date.now() };
  writeJson('local', USER_KEY, record);
  channel?.postMessage(record);
  void push(record, onFailure);
}
