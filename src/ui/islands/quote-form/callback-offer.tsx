import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { FormId, Language } from '../../../routes/schema';
import type { CallHours } from '../../../shared/phone/call-hours';
import { useCallHours } from '../use-call-hours';

// Fetched only when shown: most visitors never see it.
const CallbackPicker = lazy(() => import('./callback-picker').then((m) => ({ default: m.CallbackPicker })));

const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * Whether agents are away on the visitor's clock. False on the server and while hydrating (the
 * call-back times are the visitor's, asked after mount), so the server's page never differs.
 */
export function useAgentsAway(callHours: CallHours | null | undefined, language: Language): boolean {
  const hours = useCallHours(callHours, language);
  // False on the server and while hydrating, true after: React's own way to tell them apart.
  const mounted = useSyncExternalStore(noSubscription, isClient, isServer);
  return mounted && hours !== null && !hours.open;
}

/**
 * The call-back step (./callback-picker.tsx): shown in place of the last step's fields once the
 * visitor has sent them valid while agents are away, so the contact step itself stays one phone
 * screen. `onDone` sends the step on (with the time stored, or without one).
 */
export function CallbackOffer(props: {
  formId: FormId;
  language: Language;
  onDone: (label?: string) => void;
  onBack: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <CallbackPicker {...props} />
    </Suspense>
  );
}
