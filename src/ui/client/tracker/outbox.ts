import { fetchWithRetry } from '../../../shared/fetch-client';
import { isObject, readJson, writeJson } from './storage';

/**
 * Events not yet confirmed by the server, kept in local storage: a closed tab, a dropped
 * connection or a failing server loses nothing, the next page sends them again. The server
 * stores each event id once, so sending twice is harmless.
 */
const KEY = 'qf_outbox';
const ENDPOINT = '/api/event/create';
/** Oldest events give way first when a long outage fills the outbox. */
const MAX_ITEMS = 200;

interface Item {
  id: string;
  body: string;
}

const inFlight = new Set<string>();

function load(): Item[] {
  const raw = readJson('local', KEY);
  return Array.isArray(raw)
    ? raw.filter((x: unknown): x is Item => isObject(x) && typeof x.id === 'string' && typeof x.body === 'string')
    : [];
}

function save(items: Item[]): void {
  writeJson('local', KEY, items.slice(-MAX_ITEMS));
}

function remove(id: string): void {
  save(load().filter((item) => item.id !== id));
}

type Failure = (status: number, message: string) => void;

async function post(item: Item, keepalive: boolean, onFailure: Failure): Promise<void> {
  inFlight.add(item.id);
  try {
    const response = await fetchWithRetry(ENDPOINT, {
      method: 'POST',
      keepalive,
      headers: { 'content-type': 'application/json' },
      body: item.body,
      credentials: 'same-origin',
    });
    // 2xx: stored. 400/403/413: this event can never be accepted (bad, of a session that has
    // ended, too large), so keeping it would retry forever.
    if (response.ok || response.status === 400 || response.status === 403 || response.status === 413) remove(item.id);
    if (!response.ok) onFailure(response.status, `event rejected with ${response.status}`);
  } catch (err) {
    onFailure(0, err instanceof Error ? err.message : 'network error');
  } finally {
    inFlight.delete(item.id);
  }
}

/** Queues one event and sends it with keepalive, so it survives the page closing. */
export function send(id: string, body: string, onFailure: Failure): Promise<void> {
  const items = load();
  items.push({ id, body });
  save(items);
  // keepalive bodies share a 64 KB budget; an event is a few KB, so one is always fine.
  return post({ id, body }, true, onFailure);
}

/** On page start: sends what earlier pages could not. */
export function flush(onFailure: Failure): void {
  for (const item of load()) if (!inFlight.has(item.id)) void post(item, false, onFailure);
}

/** On pagehide: beacons whatever is neither confirmed nor already travelling with keepalive. */
export function beaconRemaining(): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  for (const item of load()) {
    if (!inFlight.has(item.id)) navigator.sendBeacon(ENDPOINT, new Blob([item.body], { type: 'application/json' }));
  }
}
