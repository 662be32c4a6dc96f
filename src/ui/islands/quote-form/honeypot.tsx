import type { RefObject } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/defence';

/**
 * The honeypot: a text field people never see or reach (off-screen, out of the tab
 * order, hidden from assistive technology, no autofill). A script that fills every field
 * fills it too, and its lead is judged `bot`. Rendered on the server as well, so a form posted
 * without JavaScript carries it.
 */
export function Honeypot({ inputRef }: { inputRef?: RefObject<HTMLInputElement | null> }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label>
        Leave this field empty
        <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
