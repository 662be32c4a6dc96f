import { useContext } from 'react';
import type { PhoneDisplay } from '../page-props';
import type { CallHours } from '../../shared/phone/call-hours';
import { CallHoursContext, CallHoursNote } from './call-hours';

interface CallButtonProps {
  phone: PhoneDisplay;
  label: string;
  /** The call copy to show beside it (null: TTY 711 alone). */
  hours: CallHours | null;
  className?: string;
  /** The header has room for the short line only. */
  note?: 'line' | 'short';
  /** "Call now" / "Call" from the hours instead of `label` (repainted by the main script). */
  labelFromHours?: boolean;
}

/**
 * A call button: a tel: link, and beside it the hours (or when agents are back) and TTY 711
 *. The tracker's delegated listener records ctcClicked from data-track,
 * and ctcReturned when the visitor comes back to the page. Islands pass the hours they keep.
 */
export function CallButton({ phone, label, hours, className, note = 'line', labelFromHours = false }: CallButtonProps) {
  return (
    <span className={`call-cta call-cta--${note}`}>
      <a className={`cta-phone ${className ?? ''}`.trim()} href={phone.href} data-track="ctc" data-phone={phone.digits}>
        {labelFromHours ? (
          <span className="cta-phone__label" data-call-label="">
            {hours?.label ?? label}
          </span>
        ) : (
          <span className="cta-phone__label">{label}</span>
        )}
        <span className="cta-phone__number">{phone.display}</span>
      </a>
      <CallHoursNote hours={hours} variant={note} />
    </span>
  );
}

/**
 * The call-to-action every page carries, plain markup outside the islands: the render's call
 * copy (CallHoursContext), so its label says "Call now" only while agents answer.
 */
export function PhoneCta(props: Omit<CallButtonProps, 'hours' | 'labelFromHours'>) {
  return <CallButton {...props} hours={useContext(CallHoursContext)} labelFromHours />;
}
