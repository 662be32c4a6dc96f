/**
 * Rendered-shell cache. Most page views are first visits from an ad: no stored values, the
 * brand's default number, nothing personal. Their HTML differs only in the CSP nonce and
 * the page-context JSON (visitor id, session), so the isolate renders each such shell once
 * (per brand, page, step, language, variant and build) and fills those two slots per
 * request. Anything with visitor data in it is never cached: it renders fresh every time.
 * Measured in docs/performance.md (bench: `npm run bench`).
 */

/** Stand-ins rendered into the cached shell; both are plain [A-Za-z0-9_] so React leaves them as they are. */
export const NONCE_SLOT = 'qfNonceSlot0000000000000';
export const CONTEXT_SLOT = '__qf_page_context_slot__';

const MAX_ENTRIES = 400;

export class ShellCache {
  private readonly entries = new Map<string, string>();

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, html: string): void {
    if (!html.includes(NONCE_SLOT) || !html.includes(`"${CONTEXT_SLOT}"`)) {
      throw new Error('a cached shell must contain the nonce and page-context slots');
    }
    this.entries.set(key, html);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The shell with this request's nonce and page context (already script-safe JSON). */
export function fillShell(shell: string, nonce: string, pageContextJson: string): string {
  return shell.replaceAll(NONCE_SLOT, nonce).replace(`"${CONTEXT_SLOT}"`, () => pageContextJson);
}

export async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}
