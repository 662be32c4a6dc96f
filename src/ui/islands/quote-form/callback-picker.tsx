/**
 * Honest hours: while agents are away, the last step offers a call-back time instead of leaving
 * a call button nobody answers. The times come from the Worker (GET /api/callback/times: the
 * brand's hours and holidays, labelled in the visitor's time zone); the chosen one is stored
 * with the form's answers (POST /api/callback), so the lead this step records carries it. A
 * refused time (passed while the page was open, say) shows the Worker's message. Loaded only
 * when agents are away on the last step (./index.tsx).
 */
import { useEffect, useId, useState } from 'react';
import { fetchWithRetry } from '../../../shared/fetch-client';
import type { FormId, Language } from '../../../routes/schema';

interface Offered {
  at: string;
  label: string;
}

const COPY = {
  english: {
    title: 'Our agents are away right now',
    intro: 'Choose a time and a licensed agent will call you then, at the number you enter below.',
    when: 'Call me',
    save: 'Ask for this time',
    saving: 'Saving…',
    saved: (label: string) => `Thank you. A licensed agent will call you ${label}.`,
    failed: 'We could not save that time. Please try again.',
  },
  spanish: {
    title: 'Nuestros agentes no están disponibles ahora',
    intro: 'Elija una hora y un agente con licencia le llamará entonces, al número que indique abajo.',
    when: 'Llámenme',
    save: 'Pedir esta hora',
    saving: 'Guardando…',
    saved: (label: string) => `Gracias. Un agente con licencia le llamará el ${label}.`,
    failed: 'No pudimos guardar esa hora. Inténtelo de nuevo.',
  },
} as const;

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

export function CallbackPicker({ formId, language }: { formId: FormId; language: Language }) {
  const s = COPY[language];
  const id = useId().replace(/:/g, '');
  const [times, setTimes] = useState<Offered[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'saved' | 'failed'>('idle');
  const [message, setMessage] = useState('');

  useEffect(() => {
    let live = true;
    fetchWithRetry(`/api/callback/times?lang=${language}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .then(
        (body: unknown) => {
          if (!live) return;
          const list = offeredOf(body);
          setTimes(list);
          setChosen((prev) => prev || (list[0]?.at ?? ''));
        },
        () => live && setTimes([]),
      );
    return () => {
      live = false;
    };
  }, [language]);

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
        setState('saved');
        setMessage(s.saved(times.find((t) => t.at === chosen)?.label ?? ''));
      } else {
        setState('failed');
        setMessage(refusalOf(body) ?? s.failed);
      }
    } catch {
      setState('failed');
      setMessage(s.failed);
    }
  };

  return (
    <section className="callback-picker" aria-labelledby={`${id}-title`} data-callback-picker="">
      <h3 id={`${id}-title`}>{s.title}</h3>
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
      <button
        className="btn btn--ghost"
        type="button"
        disabled={state === 'sending'}
        onClick={() => {
          void save();
        }}
      >
        {state === 'sending' ? s.saving : s.save}
      </button>
      {state === 'saved' ? <p role="status">{message}</p> : null}
      {state === 'failed' ? (
        <p className="error" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
