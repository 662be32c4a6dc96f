import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import type { AdListingProps } from '../ad-listing';

/**
 * The auto finish's offer wall (issue 15, item 3) is the ad-listing island's component. In the
 * browser it is a chunk of its own, fetched when a confirmation shows it, so no form page
 * downloads it up front (issue 15, JavaScript budget). The server renders a page in one
 * synchronous pass and cannot wait for a chunk: the form slot renders the component itself
 * (src/ui/templates/form-slot.tsx). Both sides render it inside the same Suspense boundary, so
 * hydration keeps the server's offers on screen until the chunk arrives, then hydrates them.
 */
const LoadedAdListing = lazy(() => import('../ad-listing').then((m) => ({ default: m.AdListing })));

export const OfferWallRenderer = createContext<(props: AdListingProps) => ReactNode>((props) => (
  <LoadedAdListing {...props} />
));

export function OfferWall(props: AdListingProps) {
  const render = useContext(OfferWallRenderer);
  return <Suspense fallback={null}>{render(props)}</Suspense>;
}
