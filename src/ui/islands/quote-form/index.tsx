/**
 * The quote form island. The server renders each step as a real <form> that posts to the
 * Worker (the funnel works with JavaScript off); hydrated, it posts JSON, moves between
 * steps in the page with the History API (back and forward work), scrolls the form into
 * view, and reports steps to tracking. One engine for every form: src/shared/forms.
 */
import { useContext, type ComponentType } from 'react';
import type { IslandModule } from '../registry';
import type { QuoteFormProps } from './types';
import { FormCodeContext, loadFormCode, type FormCode } from './parts';
import { useFormState } from './use-form-state';
import { useStepFlow } from './use-step-flow';
import { onStepSubmit } from './send-step';
import { StepForm } from './step-form';
import { contactGiven } from './contact-given';

export type { QuoteFormProps, FunnelProps } from './types';

/**
 * The form, split by concern: its state (./use-form-state.ts), moving between steps and the
 * finish (./use-step-flow.ts), a step's submit (./send-step.ts), the step's <form>
 * (./step-form.tsx) and the confirmation (./confirmation.tsx, loaded one step ahead).
 */
export function QuoteForm(props: QuoteFormProps) {
  const code = useContext(FormCodeContext);
  if (!code) throw new Error(`no form code for ${props.formId}`);
  const st = useFormState(props, code);
  const flow = useStepFlow(st);
  const { parts, completed, language } = { ...st, language: props.language };
  return (
    <div className="quote-form" id="quote">
      {completed ? (
        parts.confirmation && (
          <parts.confirmation.Confirmation
            language={language}
            product={st.form.product}
            phone={st.phone}
            arrived={st.arrived}
            editHref={flow.editHref}
            onEdit={flow.editAnswers}
            headingRef={st.doneRef}
            idPrefix={st.idPrefix}
            pageName={props.pageName}
            offers={st.serverOffers}
            callHours={props.callHours}
            shared={st.shared}
            withheldBecause={st.withheldBecause}
            callbackLabel={st.callbackLabel}
            contact={contactGiven(st.form, st.inputs)}
          />
        )
      ) : props.funnel.callbackScreen && parts.callback ? (
        // Without JavaScript, agents away: the Worker holds the valid last step for a call-back time.
        <parts.callback.CallbackScreen
          screen={props.funnel.callbackScreen}
          language={language}
          stepHref={`${props.basePath}/${props.step.name}${props.funnel.search}`}
          idPrefix={st.idPrefix}
        />
      ) : (
        <StepForm st={st} onSubmit={(event, hold) => onStepSubmit(st, flow, event, hold)} />
      )}
    </div>
  );
}

/** In the browser: the island with the code its loader fetched for this page (./parts.ts). */
function QuoteFormIsland({ code, ...props }: QuoteFormProps & { code: FormCode }) {
  return (
    <FormCodeContext.Provider value={code}>
      <QuoteForm {...props} />
    </FormCodeContext.Provider>
  );
}

/** For the islands loader (src/ui/client/islands.ts): the page's form and what the server rendered, before hydrating. */
export const island: IslandModule = {
  Component: QuoteFormIsland as ComponentType<never>,
  prepare: async (props: QuoteFormProps) => ({
    ...props,
    code: await loadFormCode(
      props.formId,
      props.step.name,
      props.funnel.completed,
      props.funnel.callbackScreen !== undefined,
    ),
  }),
};
