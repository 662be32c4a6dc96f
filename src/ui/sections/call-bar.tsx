import { PhoneCta } from '../components/phone-cta';
import type { PhoneDisplay } from '../page-props';

/**
 * On phones, the call button in thumb reach at the bottom of the screen.
 * The same call button as the header (one number source: src/ui/client/phone-links.ts follows
 * a lease). CSS shows it only on narrow screens and hides it while a field has focus, which is
 * when a phone's keyboard is open (sections.css, :has(:focus)): no script.
 */
export function CallBar({ phone, label, name }: { phone: PhoneDisplay; label: string; name: string }) {
  return (
    // A landmark of its own (complementary, named): everything a visitor sees sits in one.
    <aside className="call-bar" data-call-bar="" aria-label={name}>
      <PhoneCta phone={phone} label={label} note="short" />
    </aside>
  );
}
