/** workerd's DevTools inspector, for profiles of one Worker's isolate (bench/profile.ts, bench/peer-profile.ts, bench/alloc.ts). */
import type { Harness } from './harness';

/**
 * The inspector URL of the Worker whose target id matches (workerd lists its isolates at /json):
 * the first test that matches any target wins.
 */
export async function workerTarget(h: Harness, what: string, ...tests: ((id: string) => boolean)[]): Promise<string> {
  const base = await h.mf.getInspectorURL();
  const list = (await (await fetch(`http://${base.host}/json`)).json()) as {
    id: string;
    webSocketDebuggerUrl?: string;
  }[];
  const target = tests.map((is) => list.find((t) => is(t.id))).find((t) => t !== undefined);
  if (!target) throw new Error(`no inspector target for ${what} in ${JSON.stringify(list)}`);
  return target.webSocketDebuggerUrl ?? `ws://${base.host}/${target.id}`;
}

/** The product Worker's inspector URL. */
export function productTarget(h: Harness): Promise<string> {
  return workerTarget(
    h,
    'the product Worker',
    (id) => id.endsWith(':quote-funnel'),
    (id) => id.includes('quote-funnel'),
  );
}

/** A minimal DevTools protocol client over the inspector's WebSocket (Node 22 has WebSocket). */
export async function inspect(url: string) {
  const ws = new WebSocket(url);
  await new Promise<void>((resolveOpen, reject) => {
    ws.addEventListener('open', () => resolveOpen(), { once: true });
    ws.addEventListener('error', () => reject(new Error(`inspector at ${url} refused the connection`)), {
      once: true,
    });
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.addEventListener('message', (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    const done = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) throw new Error(`inspector: ${message.error.message}`);
    done?.(message.result);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolveCall) => {
        const id = next++;
        waiting.set(id, resolveCall as (result: unknown) => void);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}
