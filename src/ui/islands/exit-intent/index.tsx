/**
 * The exit-intent dialog (spec sections 4 and 9): a native <dialog> opened with showModal,
 * so the page behind is inert; Tab stays inside, Escape closes, and focus returns to where it
 * was. 'showDialog' offers to finish the quote or call; 'showPhone' shows the number.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ExitIntentOptions, Language } from '../../../routes/schema';
import type { PhoneDisplay } from '../../page-props';
import { browserStorage, markShown, mayTrigger, resetExitIntent, unsubscribe } from './state';
import { watchExitIntent } from './triggers';
import { usePhone } from '../use-phone';

export interface ExitIntentProps {
  hook: 'showDialog' | 'showPhone';
  options: ExitIntentOptions;
  language: Language;
  phone: PhoneDisplay;
  /** The page's form (its first step), when the page has one. */
  formHref: string | null;
}

const COPY = {
  english: {
    dialogTitle: 'Before you go: your quote is almost ready',
    dialogBody: 'A few more answers and a licensed agent can go over your options. Or call now and finish by phone.',
    finish: 'Finish my quote',
    phoneTitle: 'Prefer to talk it through?',
    phoneBody: 'A licensed agent can answer your questions now. The call is free.',
    call: 'Call',
    close: 'Close',
    unsubscribe: "Don't show this again",
  },
  spanish: {
    dialogTitle: 'Antes de irse: su cotización está casi lista',
    dialogBody:
      'Unas respuestas más y un agente con licencia puede revisar sus opciones. O llame ahora y termine por teléfono.',
    finish: 'Terminar mi cotización',
    phoneTitle: '¿Prefiere hablarlo?',
    phoneBody: 'Un agente con licencia puede responder sus preguntas ahora. La llamada es gratis.',
    call: 'Llamar al',
    close: 'Cerrar',
    unsubscribe: 'No volver a mostrar',
  },
} as const;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ExitIntent({ hook, options, language, phone: rendered, formHref }: ExitIntentProps) {
  const s = COPY[language];
  // Issue 15: the page's one number (a lease that arrives or runs out shows here too).
  const phone = usePhone(rendered);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const storage = browserStorage();
    let stop = () => undefined as void;
    const fire = () => {
      stop();
      if (!mayTrigger(storage, options.repeatAfterDays)) return;
      markShown(storage);
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    const arm = () => {
      stop();
      stop = mayTrigger(storage, options.repeatAfterDays) ? watchExitIntent(options, fire) : () => undefined;
    };
    // Spec section 4: reset clears the time shown and the unsubscribe flag, so it can trigger
    // again, on this page too. Operators and QA: dispatchEvent(new Event('quote:exit-intent-reset')).
    const onReset = () => {
      resetExitIntent(storage);
      arm();
    };
    window.addEventListener('quote:exit-intent-reset', onReset);
    arm();
    return () => {
      stop();
      window.removeEventListener('quote:exit-intent-reset', onReset);
    };
  }, [options]);

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
  const stopForGood = () => {
    unsubscribe(browserStorage());
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

  const title = hook === 'showDialog' ? s.dialogTitle : s.phoneTitle;
  return (
    <dialog
      ref={dialogRef}
      className="exit-intent"
      aria-labelledby="exit-intent-title"
      aria-describedby="exit-intent-body"
      onClose={onClosed}
      onKeyDown={trapTab}
    >
      <h2 id="exit-intent-title">{title}</h2>
      <p id="exit-intent-body">{hook === 'showDialog' ? s.dialogBody : s.phoneBody}</p>
      <div className="form-actions">
        {hook === 'showDialog' && formHref ? (
          <a className="btn" href={formHref} onClick={close}>
            {s.finish}
          </a>
        ) : null}
        <a className="cta-phone" href={phone.href} data-track="ctc" data-phone={phone.digits}>
          <span className="cta-phone__label">{s.call}</span>
          <span className="cta-phone__number">{phone.display}</span>
        </a>
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
