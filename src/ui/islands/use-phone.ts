import { useCallback, useSyncExternalStore } from 'react';
import type { PhoneDisplay } from '../../shared/phone/lease';
import { currentPhone, onPhoneChange } from '../phone-state';

/**
 * The number an island's call button shows: the page's one source (src/ui/phone-source.ts, owned
 * by the main script, read through src/ui/phone-state.ts), the server's number (`initial`)
 * while hydrating, so the markup matches.
 */
export function usePhone(initial: PhoneDisplay): PhoneDisplay {
  const snapshot = useCallback(() => currentPhone(initial), [initial]);
  return useSyncExternalStore(onPhoneChange, snapshot, () => initial);
}
