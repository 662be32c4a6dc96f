import { useContext } from 'react';
import { CallHoursContext } from '../../components/call-hours';
import { exitIntentOptionsSchema, EXIT_HOOKS } from '../../../routes/schema';
import type { PageProps } from '../../page-props';
import { Island } from '../island';
import { ExitIntent, type ExitIntentProps } from './index';

function isExitHook(name: string | undefined): name is ExitIntentProps['hook'] {
  return (EXIT_HOOKS as readonly (string | undefined)[]).includes(name);
}

/** The exit-intent island on pages whose config names an onExitIntent hook, with the spec's defaults filled in. */
export function ExitIntentSlot({ page }: { page: PageProps }) {
  const hours = useContext(CallHoursContext);
  const hook = page.config.onExitIntent;
  if (!isExitHook(hook)) return null;
  const props: ExitIntentProps = {
    hook,
    options: exitIntentOptionsSchema.parse(page.config.exitIntentOptions ?? {}),
    language: page.language,
    phone: page.phone,
    formHref: page.config.form ? '#quote' : null,
    callHours: hours,
  };
  // Dormant: the loader arms the triggers and loads the dialog when one fires (./arm.ts).
  return <Island name="exit-intent" component={ExitIntent} props={props} dormant />;
}
