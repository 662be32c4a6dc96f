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
 * The call-back picker (./callback-picker.tsx) while agents are away, on the visitor's clock.
 * Never on the server nor while hydrating (its times are the visitor's, asked after mount).
 */
export function CallbackOffer(props: { callHours: CallHours | null | undefined; formId: FormId; language: Language }) {
  const hours = useCallHours(props.callHours, props.language);
  // False on the server and while hydrating, true after: React's own way to tell them apart.
  const mounted = useSyncExternalStore(noSubscription, isClient, isServer);
  if (!mounted || hours === null || hours.open) return null;
  return (
    <Suspense fallback={null}>
      <CallbackPicker formId={props.formId} language={props.language} />
    </Suspense>
  );
}
