/** workerd's DevTools inspector, for CPU profiles of one Worker's isolate (bench/profile.ts, bench/peer-profile.ts). */

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
