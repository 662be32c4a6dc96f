import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../routes/schema';
import type { CallHours } from '../../shared/phone/call-hours';
import { onCallHoursChange, shownCallHours } from '../call-hours-source';

/**
 * The call copy an island shows: the server's (`initial`) while hydrating, so the markup
 * matches, and as long as the page is shown in the hour it was rendered for; in another hour,
 * the copy the main script computed on the visitor's clock (src/ui/call-hours-source.ts),
 * so the islands carry no second copy of the working-hours code.
 */
export function useCallHours(initial: CallHours | null | undefined, language: Language): CallHours | null {
  const snapshot = useCallback(() => shownCallHours(language) ?? initial ?? null, [initial, language]);
  return useSyncExternalStore(onCallHoursChange, snapshot, () => initial ?? null);
}
