/**
 * The islands: the only parts of a page hydrated in the browser. The server renders them
 * inside a marker element followed by a JSON script with their props; the client entry (src/ui/client/islands.ts)
 * finds the markers and loads each island's code on demand.
 */
import type { ComponentType } from 'react';

export const ISLAND_NAMES = ['quote-form', 'exit-intent', 'ad-listing'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export const ISLAND_ATTR = 'data-island';
/**
 * The window event by which an island reports a chunk of its own that failed to load (a
 * deployment replaced it); the islands loader handles it as it handles a failed island chunk.
 */
export const CHUNK_ERROR_EVENT = 'island-chunk-error';
/**
 * Marks the JSON script right after an island's marker that holds its props (as a
 * data block, not an attribute, the JSON is written as it is instead of escaped quote by quote).
 */
export const ISLAND_PROPS_ATTR = 'data-island-props';
/**
 * On an island hydrated only when something happens (the exit dialog, when a trigger fires):
 * until then its markup is the page's, and the main script paints its call buttons like the
 * page's own (the one number, the hours on the visitor's clock).
 */
export const DORMANT_ATTR = 'data-dormant';
/** Islands React renders (or is about to): the main script leaves their call buttons to them. */
export const LIVE_ISLAND = `[${ISLAND_ATTR}]:not([${DORMANT_ATTR}])`;

/**
 * An island's code as the loader (src/ui/client/islands.ts) takes it: its component, and what it
 * must have before hydrating (`prepare`: the page's form definition, the parts the server
 * rendered, the values a dormant island was painted with), so hydration never suspends or mismatches.
 */
export interface IslandModule {
  Component: ComponentType<never>;
  prepare?: (props: never) => Promise<unknown>;
}
