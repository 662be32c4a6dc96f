import { createContext, lazy, memo, Suspense, useContext, type ReactNode } from 'react';
import type { AdListingProps } from '../ad-listing';
import { CHUNK_ERROR_EVENT } from '../registry';

/**
 * The auto finish's offer wall is the ad-listing island's component. In the
 * browser it is a chunk of its own, fetched when a confirmation shows it, so no form page
 * downloads it up front (JavaScript budget). The server renders a page in one
 * synchronous pass and cannot wait for a chunk: the form slot renders the component itself
 * (src/ui/templates/form-slot.tsx). Both sides render it inside the same Suspense boundary, so
 * hydration keeps the server's offers on screen until the chunk arrives, then hydrates them.
 */
const LoadedAdListing = lazy(() =>
  import('../ad-listing').then(
    (m) => ({ default: m.AdListing }),
    () => {
      // The chunk is gone (a deployment replaced it): as for an island's chunk (spec section 8),
      // reload the page once; the server renders the confirmation with its offers. Until then,
      // or if the guard forbids a second reload, nothing settles: a wall the server rendered
      // stays as it is (its offers plain links), after an in-page finish the confirmation
      // stands without one.
      window.dispatchEvent(new Event(CHUNK_ERROR_EVENT));
      return new Promise<never>(() => undefined);
    },
  ),
);

export const OfferWallRenderer = createContext<(props: AdListingProps) => ReactNode>((props) => (
  <LoadedAdListing {...props} />
));

/**
 * Memoised: an update of the confirmation around it (the number, the hours) must not reach a
 * boundary still waiting for its chunk, or React would give up the server's markup for the
 * fallback (empty) until the chunk arrives, or for good if it never does.
 */
export const OfferWall = memo(function OfferWall(props: AdListingProps) {
  const render = useContext(OfferWallRenderer);
  return <Suspense fallback={null}>{render(props)}</Suspense>;
});
