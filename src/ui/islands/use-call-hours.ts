import { useEffect, useState } from 'react';
import type { Language } from '../../routes/schema';
import { callHours, type CallHours } from '../../shared/phone/call-hours';

/**
 * The call copy an island shows: the server's (`initial`) while hydrating, so the markup
 * matches, then the visitor's own clock, re-read every minute (the hours may change while
 * the page is open). utm_medium from the address, as the listing reads it.
 */
export function useCallHours(initial: CallHours | null | undefined, language: Language): CallHours | null {
  const [hours, setHours] = useState<CallHours | null>(initial ?? null);
  useEffect(() => {
    const update = () =>
      setHours(callHours(language, new Date(), new URLSearchParams(window.location.search).get('utm_medium')));
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [language]);
  return hours;
}
