// The dialog's props on their own: ./arm.ts (loaded first) and ./index.tsx (loaded by arm when a
// trigger fires) both need them, and neither should import the other for a type.
import type { ExitIntentOptions, Language } from '../../../routes/schema';
import type { CallHours } from '../../../shared/phone/call-hours';
import type { PhoneDisplay } from '../../../shared/phone/lease';

export interface ExitIntentProps {
  hook: 'showDialog' | 'showPhone';
  options: ExitIntentOptions;
  language: Language;
  phone: PhoneDisplay;
  /** The page's form (its first step), when the page has one. */
  formHref: string | null;
  /** The call copy the page was rendered with. */
  callHours?: CallHours | null;
  /** Browser only: the islands loader hydrates the dialog when a trigger fired (./arm.ts), to open at once. */
  openWith?: { returnFocus: HTMLElement | null };
}
