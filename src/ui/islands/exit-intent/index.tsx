/**
 * The exit-intent dialog (spec sections 4 and 9): a native <dialog> opened with showModal,
 * so the page behind is inert; Tab stays inside, Escape closes, and focus returns to where it
 * was. 'showDialog' offers to finish the quote or call; 'showPhone' shows the number.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { Language } from '../../../routes/schema';
import type { IslandModule } from '../registry';
import type { ExitIntentProps } from './props';
import { currentPhone } from '../../phone-state';
import { shownCallHours } from '../../call-hours-source';
import { usePhone } from '../use-phone';
import { useCallHours } from '../use-call-hours';
import { CallButton } from '../../components/phone-cta';
import { progressOf, type ExitProgress } from './progress';

export type { ExitIntentProps };

// Titles by progress (src/ui/islands/exit-intent/progress.ts); no "now" (the hours line says when agents answer).
const COPY = {
  english: {
    startTitle: 'Before you go: it takes a few minutes',
    startBody:
      'Answer a few short questions and a licensed agent can go over your options. Or call and do it by phone.',
    middleTitle: 'Before you go: you are on step {n} of {total}',
    middleBody: 'Your answers so far are saved. Finish the rest and a licensed agent can go over your options.',
    almostTitle: 'Before you go: your request is almost ready',
    almostBody: 'One or two more answers and a licensed agent can go over your options. Or call and finish by phone.',
    // "Request", not "quote": a Medicare visitor is asking for an agent, and no funnel promises a quote on its own.
    finish: 'Finish my request',
    continue: 'Continue where I left off',
    phoneTitle: 'Prefer to talk it through?',
    phoneBody: 'A licensed agent can answer your questions. The call is free.',
    call: 'Call',
    close: 'Close',
    unsubscribe: "Don't show this again",
  },
  spanish: {
    startTitle: 'Antes de irse: toma unos minutos',
    startBody:
      'Responda unas preguntas breves y un agente con licencia puede revisar sus opciones. O llame y hágalo por teléfono.',
    middleTitle: 'Antes de irse: está en el paso {n} de {total}',
    middleBody: 'Guardamos sus respuestas. Termine el resto y un agente con licencia puede revisar sus opciones.',
    almostTitle: 'Antes de irse: su solicitud está casi lista',
    almostBody:
      'Una o dos respuestas más y un agente con licencia puede revisar sus opciones. O llame y termine por teléfono.',
    finish: 'Terminar mi solicitud',
    continue: 'Seguir donde me quedé',
    phoneTitle: '¿Prefiere hablarlo?',
    phoneBody: 'Un agente con licencia puede responder sus preguntas. La llamada es gratis.',
    call: 'Llamar al',
    close: 'Cerrar',
    unsubscribe: 'No volver a mostrar',
  },
} as const;

type Copy = (typeof COPY)[Language];

/** The dialog's title, body and whether it offers to go back to the form. */
function dialogCopy(s: Copy, hook: ExitIntentProps['hook'], progress: ExitProgress | null) {
  if (hook === 'showPhone' || progress?.kind === 'done')
    return { title: s.phoneTitle, body: s.phoneBody, finish: null };
  if (progress?.kind === 'middle')
    return {
      title: s.middleTitle.replace('{n}', String(progress.step)).replace('{total}', String(progress.total)),
      body: s.middleBody,
      finish: s.continue,
    };
  if (progress?.kind === 'almost') return { title: s.almostTitle, body: s.almostBody, finish: s.finish };
  return { title: s.startTitle, body: s.startBody, finish: s.finish };
}

const arm = () => import('./arm');

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ExitIntent({
  hook,
  options,
  language,
  phone: rendered,
  formHref,
  callHours,
  openWith,
}: ExitIntentProps) {
  const s = COPY[language];
  // The page's one number (a lease that arrives or runs out shows here too).
  const phone = usePhone(rendered);
  const hours = useCallHours(callHours, language);
  const [progress, setProgress] = useState<ExitProgress | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  // The armed module, once loaded: the dialog only opens after it is, so its buttons act on it at once.
  const armed = useRef<Awaited<ReturnType<typeof arm>> | null>(null);

  // Read when it opens: the visitor's progress in the form now, and where focus goes back to.
  const show = useCallback((focus: Element | null) => {
    setProgress(progressOf(document));
    returnFocus.current = focus instanceof HTMLElement ? focus : null;
    setOpen(true);
  }, []);
  useEffect(() => {
    // The chunk the loader armed the triggers from (./arm.ts): loaded already, not bundled twice.
    let disarm: (() => void) | null = null;
    let live = true;
    void arm().then((m) => {
      armed.current = m;
      if (!live) return;
      // Hydrated because a trigger fired (the loader armed it): open now; armed again for a reset (spec section 4).
      if (openWith) show(openWith.returnFocus);
      disarm = m.armExitIntent(options, () => show(document.activeElement));
    });
    return () => {
      live = false;
      disarm?.();
    };
  }, [options, show, openWith]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onClosed = () => {
    setOpen(false);
    returnFocus.current?.focus();
    returnFocus.current = null;
  };
  const close = () => dialogRef.current?.close();
  // Stored in the click itself: written after an import's promise, a visitor who clicked and left at once
  // (a reload, a link) could see the dialog again.
  const stopForGood = () => {
    if (armed.current) armed.current.unsubscribeExitIntent();
    else void arm().then((m) => m.unsubscribeExitIntent());
    close();
  };
  // showModal makes the page inert; this keeps Tab cycling inside instead of leaving for the browser chrome.
  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const copy = dialogCopy(s, hook, progress);
  return (
    <dialog
      ref={dialogRef}
      className="exit-intent"
      aria-labelledby="exit-intent-title"
      aria-describedby="exit-intent-body"
      onClose={onClosed}
      onKeyDown={trapTab}
    >
      <h2 id="exit-intent-title">{copy.title}</h2>
      <p id="exit-intent-body">{copy.body}</p>
      <div className="form-actions">
        {copy.finish && formHref ? (
          <a className="btn" href={formHref} onClick={close}>
            {copy.finish}
          </a>
        ) : null}
        <CallButton phone={phone} label={s.call} hours={hours} />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn--ghost" onClick={close} autoFocus>
          {s.close}
        </button>
        <button type="button" className="btn btn--ghost" onClick={stopForGood}>
          {s.unsubscribe}
        </button>
      </div>
    </dialog>
  );
}

/**
 * For the islands loader (src/ui/client/islands.ts): while dormant, the main script painted the
 * dialog's call button like the page's (the one number, the hours on the visitor's clock), so it
 * hydrates with what that shows now and finds the markup it renders.
 */
export const island: IslandModule = {
  Component: ExitIntent as ComponentType<never>,
  prepare: (props: ExitIntentProps) =>
    Promise.resolve({
      ...props,
      phone: currentPhone(props.phone),
      callHours: shownCallHours(props.language) ?? props.callHours ?? null,
    }),
};
