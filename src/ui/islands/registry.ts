/**
 * The islands: the only parts of a page hydrated in the browser. The server renders them
 * inside a marker element carrying their props; the client entry (src/ui/client/islands.ts)
 * finds the markers and loads each island's code on demand.
 */
export const ISLAND_NAMES = ['quote-form', 'exit-intent', 'ad-listing'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export const ISLAND_ATTR = 'data-island';
/**
 * The window event by which an island reports a chunk of its own that failed to load (a
 * deployment replaced it); the islands loader handles it as it handles a failed island chunk.
 */
export const CHUNK_ERROR_EVENT = 'island-chunk-error';
export const ISLAND_PROPS_ATTR = 'data-props';
