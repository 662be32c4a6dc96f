import { CHUNK_ERROR_EVENT } from '../registry';

/** The submit's code (./submit.ts): fetched when the visitor first focuses the form, awaited by a submit. */
export const submitCode = () =>
  import('./submit').catch((error: unknown) => {
    // A deployment replaced the chunk: the loader reloads the page once (spec section 8).
    window.dispatchEvent(new Event(CHUNK_ERROR_EVENT));
    throw error;
  });
export const prefetchSubmit = () => void submitCode().catch(() => undefined);
