import { createContext } from 'react';
import { TTY, type CallHours } from '../../shared/phone/call-hours';

/**
 * The call copy of the page as rendered (src/shared/phone/call-hours.ts),
 * provided once per render so every call button reads the same hours. The browser repaints
 * it on load (src/ui/client/call-hours.ts): a page served from a cache still tells the truth.
 */
export const CallHoursContext = createContext<CallHours | null>(null);

/** The line beside a call button: the hours (or when agents are back), then TTY 711. */
export function CallHoursNote({ hours, variant }: { hours: CallHours | null; variant: 'line' | 'short' }) {
  return (
    <span className="call-hours" data-call-hours={variant}>
      {hours ? <span className="call-hours__text">{hours[variant]}</span> : null}
      <span className="call-hours__tty">{TTY}</span>
    </span>
  );
}
