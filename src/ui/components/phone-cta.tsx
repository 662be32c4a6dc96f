import type { PhoneDisplay } from '../page-props';

/**
 * The call-to-action every page carries: a tel: link. Plain markup, no island: the tracker's
 * delegated listener records ctcClicked from data-track, and ctcReturned when the visitor
 * comes back to the page.
 */
export function PhoneCta({ phone, label, className }: { phone: PhoneDisplay; label: string; className?: string }) {
  return (
    <a className={`cta-phone ${className ?? ''}`.trim()} href={phone.href} data-track="ctc" data-phone={phone.digits}>
      <span className="cta-phone__label">{label}</span>
      <span className="cta-phone__number">{phone.display}</span>
    </a>
  );
}
