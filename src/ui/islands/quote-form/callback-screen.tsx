/**
 * The call-back screen without JavaScript: the same words and actions as the island's picker
 * (./callback-picker.tsx), as a plain form the Worker renders in answer to the valid last step
 * while agents are away (src/worker/hours/callback-form.ts). The step as posted rides along in
 * hidden fields (the JavaScript screen keeps the step's fields in its form, hidden, the same
 * way), so "Ask for this time" and "Send without a call-back time" post the very same step,
 * with the visitor's choice, through every check of the final step. "Back to my details" is the
 * step's own address: its answers are stored, so they show again.
 */
import type { Language } from '../../../routes/schema';
import { CALLBACK_COPY } from './callback-copy';
import type { CallbackScreenProps } from './types';

/** The posted field naming the visitor's choice on this screen, and the one carrying the time. */
export const CALLBACK_CHOICE_FIELD = '_callback';
export const CALLBACK_TIME_FIELD = 'callbackAt';

export function CallbackScreen(props: {
  screen: CallbackScreenProps;
  language: Language;
  /** The last step's address (with the carried query): the screen posts there, and Back goes there. */
  stepHref: string;
  idPrefix: string;
}) {
  const { screen, language, stepHref, idPrefix } = props;
  const s = CALLBACK_COPY[language];
  const id = `${idPrefix}-callback`;
  return (
    <form method="post" action={stepHref} className="card" aria-labelledby={`${id}-title`}>
      {screen.held.map(([name, value], index) => (
        <input key={`${name}-${String(index)}`} type="hidden" name={name} value={value} />
      ))}
      <section className="callback-picker" data-callback-screen="">
        <h2 id={`${id}-title`}>{s.title}</h2>
        <p>{s.intro}</p>
        <div className="callback-picker__when">
          <label htmlFor={`${id}-when`}>{s.when}</label>
          <select
            id={`${id}-when`}
            name={CALLBACK_TIME_FIELD}
            defaultValue={screen.chosen ?? screen.times[0]?.at}
            aria-invalid={screen.error ? true : undefined}
            aria-describedby={screen.error ? `${id}-error` : undefined}
          >
            {screen.times.map((t) => (
              <option key={t.at} value={t.at}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        {screen.error ? (
          <p className="error" role="alert" id={`${id}-error`}>
            {screen.error}
          </p>
        ) : null}
        <div className="form-actions">
          {/* The first submit button: Enter asks for the time selected. */}
          <button className="btn" type="submit" name={CALLBACK_CHOICE_FIELD} value="ask">
            {s.save}
          </button>
          <button className="btn-quiet" type="submit" name={CALLBACK_CHOICE_FIELD} value="none">
            {s.without}
          </button>
        </div>
        <a className="btn-quiet callback-picker__back" href={stepHref}>
          <span aria-hidden="true">← </span>
          {s.back}
        </a>
      </section>
    </form>
  );
}
