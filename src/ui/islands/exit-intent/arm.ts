/**
 * Exit intent armed without the dialog's code (budgets): the islands loader arms the
 * triggers at load from this small chunk and imports the dialog (./index.tsx) only when one
 * fires, then hydrates it already open; the hydrated dialog arms itself the same way for a
 * reset. Spec section 4: shown only when mayTrigger allows, the time shown remembered, and
 * `quote:exit-intent-reset` clears the memory and arms it again on this page.
 */
import type { ExitIntentOptions } from '../../../routes/schema';
import { browserStorage, markShown, mayTrigger, resetExitIntent, unsubscribe } from './state';
import { watchExitIntent } from './triggers';
import type { ExitIntentProps } from './props';

export const EXIT_INTENT_RESET_EVENT = 'quote:exit-intent-reset';

/** Watches for exit intent while it may show; `onShow` runs once per showing. Returns the disarm. */
export function armExitIntent(options: ExitIntentOptions, onShow: () => void): () => void {
  const storage = browserStorage();
  let stop = () => undefined as void;
  const fire = () => {
    stop();
    if (!mayTrigger(storage, options.repeatAfterDays)) return;
    markShown(storage);
    onShow();
  };
  const arm = () => {
    stop();
    stop = mayTrigger(storage, options.repeatAfterDays) ? watchExitIntent(options, fire) : () => undefined;
  };
  // Operators and QA: dispatchEvent(new Event('quote:exit-intent-reset')).
  const onReset = () => {
    resetExitIntent(storage);
    arm();
  };
  window.addEventListener(EXIT_INTENT_RESET_EVENT, onReset);
  arm();
  return () => {
    stop();
    window.removeEventListener(EXIT_INTENT_RESET_EVENT, onReset);
  };
}

/** "Don't show this again". */
export const unsubscribeExitIntent = () => unsubscribe(browserStorage());

/**
 * The loader's wait (src/ui/client/islands.ts): resolves, when the dialog is to show, with the
 * props to hydrate it with (opening at once, focus to return where it was).
 */
export function whenExitIntent(el: HTMLElement, props: ExitIntentProps): Promise<ExitIntentProps> {
  return new Promise((resolve) => {
    let fired = false;
    let disarm = () => undefined as void;
    disarm = armExitIntent(props.options, () => {
      fired = true;
      disarm();
      const focus = document.activeElement;
      resolve({ ...props, openWith: { returnFocus: focus instanceof HTMLElement ? focus : null } });
    });
    if (fired) disarm();
    el.setAttribute('data-armed', '');
  });
}
