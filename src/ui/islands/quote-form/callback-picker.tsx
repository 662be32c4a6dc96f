/**
 * Honest hours: while agents are away, the last step offers a call-back time instead of leaving
 * a call button nobody answers. It is a screen of its own, shown after the visitor sends the
 * contact step valid (./step-form.tsx), so the contact step fits one phone screen. The times come
 * from the Worker (GET /api/callback/times: the brand's hours and holidays, labelled in the
 * visitor's time zone); the chosen one is stored with the form's answers (POST /api/callback)
 * before the step is sent on, so the lead it records carries it. A refused time (passed while
 * the page was open, say) shows the Worker's message and the visitor chooses again; nothing
 * answered is lost (the fields stay in the form, hidden). Sending without a time stays possible.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fetchWithRetry } from '../../../shared/fetch-client';
import type { FormId, Language } from '../../../routes/schema';
import { CALLBACK_COPY as COPY } from './callback-copy';

interface Offered {
  at: string;
  label: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The listed times of the Worker's answer; anything else is no list. */
function offeredOf(body: unknown): Offered[] {
  if (!isRecord(body) || !Array.isArray(body.times)) return [];
  return body.times.filter((t): t is Offered => isRecord(t) && typeof t.at === 'string' && typeof t.label === 'string');
}

/** The message of a refusal (`{ error: { message } }`), or null. */
function refusalOf(body: unknown): string | null {
  return isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : null;
}

export function CallbackPicker(props: {
  formId: FormId;
  language: Language;
  /** Sends the step on: with the label of the time stored, or with none (declined, or none to offer). */
  onDone: (label?: string) => void;
  onBack: () => void;
}) {
  const { formId, language, onDone, onBack } = props;
  const s = COPY[language];
  const id = useId().replace(/:/g, '');
  const [times, setTimes] = useState<Offered[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  // Asked again after a refusal: the list starts from the next time still offered.
  const [asked, setAsked] = useState(0);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    fetchWithRetry(`/api/callback/times?lang=${language}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .then(
        (body: unknown) => {
          if (!live) return;
          const list = offeredOf(body);
          setTimes(list);
          setChosen((prev) => (list.some((t) => t.at === prev) ? prev : (list[0]?.at ?? '')));
        },
        () => live && setTimes([]),
      );
    return () => {
      live = false;
    };
  }, [language, asked]);

  // No times to offer (none answered, or the request failed): the step goes on as it would.
  useEffect(() => {
    if (times && times.length === 0) onDone(undefined);
  }, [times, onDone]);
  // The screen changed under the visitor: its title takes the focus, as a step change does.
  useEffect(() => {
    if (times && times.length > 0) titleRef.current?.focus();
  }, [times]);

  if (!times || times.length === 0) return null;

  const save = async () => {
    setState('sending');
    try {
      const res = await fetchWithRetry('/api/callback', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ form: formId, at: chosen, language }),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        // Stored with the answers: the step goes on and the lead it records carries the time,
        // which the confirmation names as the Worker wrote it in the visitor's zone.
        const label = (body as { label?: unknown } | null)?.label;
        onDone(typeof label === 'string' ? label : undefined);
      } else {
        setState('failed');
        setMessage(refusalOf(body) ?? s.failed);
        setAsked((n) => n + 1);
      }
    } catch {
      setState('failed');
      setMessage(s.failed);
    }
  };

  // "Send without a call-back time": a time asked for earlier (a visitor who came back) is
  // forgotten first, so the lead does not carry a call the visitor declined.
  const decline = async () => {
    setState('sending');
    try {
      const res = await fetchWithRetry('/api/callback', {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ form: formId }),
      });
      if (res.ok) {
        onDone(undefined);
        return;
      }
    } catch {
      // Told below, as a failed save is.
    }
    setState('failed');
    setMessage(s.declineFailed);
  };

  return (
    <section className="callback-picker" aria-labelledby={`${id}-title`} data-callback-picker="">
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {s.title}
      </h2>
      <p>{s.intro}</p>
      <div className="callback-picker__when">
        <label htmlFor={`${id}-when`}>{s.when}</label>
        <select
          id={`${id}-when`}
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
            setState('idle');
          }}
        >
          {times.map((t) => (
            <option key={t.at} value={t.at}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {state === 'failed' ? (
        <p className="error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          className="btn"
          type="button"
          disabled={state === 'sending'}
          onClick={() => {
            void save();
          }}
        >
          {state === 'sending' ? s.saving : s.save}
        </button>
        <button className="btn-quiet" type="button" disabled={state === 'sending'} onClick={() => void decline()}>
          {s.without}
        </button>
      </div>
      <button className="btn-quiet callback-picker__back" type="button" onClick={onBack}>
        <span aria-hidden="true">← </span>
        {s.back}
      </button>
    </section>
  );
}
