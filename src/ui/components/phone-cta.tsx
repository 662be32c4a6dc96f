import { useContext } from 'react';
import type { PhoneDisplay } from '../page-props';
import { CallHoursContext, CallHoursNote } from './call-hours';

/**
 * The call-to-action every page carries: a tel: link. Plain markup, no island: the tracker's
 * delegated listener records ctcClicked from data-track, and ctcReturned when the visitor
 * comes back to the page. Issue 15, item 4: beside it, the hours (or when agents are back)
 * and TTY 711; its label says "Call now" only while agents answer (`label` without hours).
 */
export function PhoneCta({
  phone,
  label,
  className,
  note = 'line',
}: {
  phone: PhoneDisplay;
  label: string;
  className?: string;
  /** The header has room for the short line only. */
  note?: 'line' | 'short';
}) {
  const hours = useContext(CallHoursContext);
  return (
    <span className={`call-cta call-cta--${note}`}>
      <a className={`cta-phone ${className ?? ''}`.trim()} href={phone.href} data-track="ctc" data-phone={phone.digits}>
        <span className="cta-phone__label" data-call-label="">
          {hours?.label ?? label}
        </span>
        <span className="cta-phone__number">{phone.display}</span>
      </a>
      <CallHoursNote hours={hours} variant={note} />
    </span>
  );
}
