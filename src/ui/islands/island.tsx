import { createContext, useContext, type ComponentType } from 'react';
import { scriptJson } from '../document';
import { DORMANT_ATTR, ISLAND_ATTR, ISLAND_PROPS_ATTR, type IslandName } from './registry';

/** Collects the islands a render used, so the document only ships the island loader when needed. */
export const IslandCollector = createContext<Set<IslandName> | null>(null);

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Hydrated on demand (the loader waits for its moment): see DORMANT_ATTR. */
  dormant?: boolean;
}

/**
 * Server side of an island: renders the component inside a marker, followed by a JSON script
 * with its props. The browser hydrates the marker's content with the same props, so the
 * markup matches and only this subtree becomes interactive.
 */
export function Island<P extends object>({ name, component: Component, props, dormant = false }: IslandProps<P>) {
  useContext(IslandCollector)?.add(name);
  const attrs = { [ISLAND_ATTR]: name, ...(dormant ? { [DORMANT_ATTR]: '' } : {}) };
  return (
    <>
      <div {...attrs} className="island">
        <Component {...props} />
      </div>
      {/* A data block: never run, so no nonce; script-safe JSON needs no escaping of its quotes. */}
      <script
        type="application/json"
        {...{ [ISLAND_PROPS_ATTR]: '' }}
        dangerouslySetInnerHTML={{ __html: scriptJson(props) }}
      />
    </>
  );
}
