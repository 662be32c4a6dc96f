/**
 * Rendered form islands, per isolate. A visitor with answers gets the page's shared shell and
 * their form island rendered alone, which React did on every view (a fifth of such a visit's
 * CPU). The island's markup is a function of what formIslandKey names (its props, which it
 * hydrates from, and the year), so the island is rendered once per key, with the
 * per-request values (submission id, carried query, quote token, number) left as the shell's
 * slots, kept as bytes and written into the page with the shell's values per request. Many visitors share a set of early answers (a
 * zip, a Medicare yes or no), and so share an island.
 *
 * Answers that are a person's own (a name, an email, a phone number, a date of birth, an
 * address: isPersonalKey) are never kept: such an island is one person's, it would be a hit
 * only on their own reload, and keeping it would hold their details in the isolate beyond
 * their request. A key is the whole input, so a hit is an island of exactly the same answers.
 */
import { isPersonalKey } from '../shared/tracking/strip-personal';
import { compileCut, type CompiledCut } from './page-cache';

/** Islands kept (least recently used first out); an island is a few kilobytes. */
const MAX_ISLANDS = 128;

export class FormIslandCache {
  private readonly entries = new Map<string, CompiledCut>();
  /** Islands served from the cache (tests read it). */
  hits = 0;

  /**
   * The island for this request: kept by its key (`keyOf`, not computed for answers that include a
   * person's own), else rendered by `render` (with the shell's slots in place of the per-request
   * values), as bytes cut at those slots: the page writes it with this request's values.
   */
  island(values: Readonly<Record<string, unknown>>, keyOf: () => string | null, render: () => string): CompiledCut {
    const key = Object.keys(values).some(isPersonalKey) ? null : keyOf();
    const kept = key === null ? undefined : this.entries.get(key);
    if (key !== null && kept !== undefined) {
      this.hits++;
      // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const cut = compileCut(render());
    if (key !== null) this.keep(key, cut);
    return cut;
  }

  private keep(key: string, cut: CompiledCut): void {
    this.entries.set(key, cut);
    while (this.entries.size > MAX_ISLANDS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
