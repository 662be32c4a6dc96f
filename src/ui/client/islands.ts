/**
 * Hydrates the islands the server marked, and nothing else. Each island's code is a
 * separate chunk fetched on demand; a dormant island's (the exit dialog) only when its moment
 * comes (budgets: what a page loads is what the visitor is shown). If a chunk fails to load (typically: a deployment
 * replaced it), the page reloads once, guarded for 10 seconds (spec section 8).
 */
import { startTransition, useEffect, type ComponentType, type ElementType, type ReactElement } from 'react';
// The islands' JSX runtime: used here too, it travels in this file instead of a chunk of its own.
import { jsx } from 'react/jsx-runtime';
import { hydrateRoot } from 'react-dom/client';
import {
  CHUNK_ERROR_EVENT,
  DORMANT_ATTR,
  ISLAND_ATTR,
  ISLAND_PROPS_ATTR,
  type IslandModule,
  type IslandName,
} from '../islands/registry';
import { reloadOnce } from './reload-guard';

interface IslandCode {
  load: () => Promise<IslandModule>;
  /** A dormant island (DORMANT_ATTR): hydrated when this resolves, with the props it gives. */
  until?: (el: HTMLElement, props: never) => Promise<unknown>;
}

/** One entry per island; each import() becomes its own chunk. */
const ISLANDS: Partial<Record<IslandName, IslandCode>> = {
  'quote-form': { load: () => import('../islands/quote-form').then((m) => m.island) },
  'exit-intent': {
    load: () => import('../islands/exit-intent').then((m) => m.island),
    until: (el, props) => import('../islands/exit-intent/arm').then((m) => m.whenExitIntent(el, props)),
  },
  'ad-listing': {
    load: () => import('../islands/ad-listing').then((m) => ({ Component: m.AdListing as ComponentType<never> })),
  },
};

function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.hasOwn(ISLANDS, name);
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.getAttribute(ISLAND_ATTR);
  if (!isIslandName(name)) return;
  let props: unknown;
  try {
    // The island's props: the JSON script the server wrote right after its marker.
    const script = el.nextElementSibling;
    props = JSON.parse(script?.hasAttribute(ISLAND_PROPS_ATTR) ? (script.textContent ?? '{}') : '{}');
  } catch {
    return;
  }
  const code = ISLANDS[name];
  if (!code) return;
  let Component: ComponentType<never>;
  try {
    if (code.until) props = await code.until(el, props as never);
    const island = await code.load();
    if (island.prepare) props = await island.prepare(props as never);
    Component = island.Component;
  } catch {
    window.dispatchEvent(new CustomEvent('preload-error', { detail: { island: name } }));
    reloadOnce(location.pathname + location.search + location.hash, 'Chunk Error');
    return;
  }
  el.removeAttribute(DORMANT_ATTR);
  // As a transition, hydration is time-sliced: React yields to the browser every few ms instead of
  // one long task (Total Blocking Time on a slow phone); a tap during it hydrates its target first.
  startTransition(() => {
    hydrateRoot(el, jsx(Hydrated, { el, island: jsx(Component as ElementType, props) }));
  });
}

/** The island itself, and data-hydrated on its element once React has committed it (no markup of its own). */
function Hydrated({ el, island }: { el: HTMLElement; island: ReactElement }) {
  useEffect(() => el.setAttribute('data-hydrated', ''), [el]);
  return island;
}

// A chunk an island loads later (the auto finish's offer wall) failed: the same one reload.
window.addEventListener(CHUNK_ERROR_EVENT, () =>
  reloadOnce(location.pathname + location.search + location.hash, 'Chunk Error'),
);
for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) void hydrate(el);
