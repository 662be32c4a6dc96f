import type { MouseEvent, Ref } from 'react';
import type { Product } from '../../../../brands/schema';
import type { Language } from '../../../routes/schema';
import type { PhoneDisplay } from '../../page-props';
import { OfferWall } from './offer-wall';
import { CallButton } from '../../components/phone-cta';
import { useCallHours } from '../use-call-hours';
import type { CallHours } from '../../../shared/phone/call-hours';
import type { FunnelProps } from './types';
import type { WithheldBecause } from '../../../shared/forms/finish';

/**
 * What replaces the form once the visitor finished it: what happens next,
 * the call button with the page's one number, and a way back into the answers. Item 3: an
 * auto visitor also sees the offers for their lead (the click-out wall), disclosure first. Rendered by
 * the server too (a finished visitor on any page of the product, and the finish without
 * JavaScript), so the controls are plain links that the island may handle in the page.
 */
const COPY = {
  english: {
    title: 'Thank you! Your request is in.',
    arrivedTitle: 'You already sent your request',
    next: 'What happens next',
    steps: {
      medicare: [
        'A licensed agent looks at the plans available at your ZIP code.',
        'An agent may call you at the number you gave to go over your options. There is no cost and no obligation to enroll.',
        'Want to talk now? Call the number below.',
      ],
      auto: [
        'Your answers go to the insurers and agents who quote in your area.',
        'A licensed agent may call you at the number you gave to go over your options. There is no cost and no obligation to buy.',
        'Want to talk now? Call the number below.',
      ],
      life: [
        'A licensed agent looks at the policies that fit your answers.',
        'An agent may call you at the number you gave to go over your options. There is no cost and no obligation to buy.',
        'Want to talk now? Call the number below.',
      ],
    },
    /** The lead was kept, not shared (no company ticked, Skip, or not sent): no one will call. */
    notShared: [
      'Your details were not shared with any company, so no one will call you about this request.',
      'Want to talk to a licensed agent? Call the number below.',
    ],
    /** Kept because of the visitor's own opt-out: what it means, where it is changed, and the call that still works. */
    optedOut: {
      lines: [
        'You asked us not to sell or share your information (Global Privacy Control in your browser, or a do-not-sell request), so your details were not sent to any company and no one will call you about this request.',
        'That choice stays until you change it: Global Privacy Control is a setting of your browser. What we hold about you, and how to delete it, is on',
        'Want quotes anyway? Call the number below.',
      ],
      link: 'Your data',
    },
    /** Kept because a page without JavaScript could not check a person sent it: calling finishes the request. */
    unverified: [
      'We could not confirm that a person sent this request (that happens when the page runs without JavaScript), so your details were not sent to any company.',
      'To finish your request, call the number below: a licensed agent takes it over the phone.',
    ],
    call: 'Call a licensed agent',
    /** Agents away and a call-back time chosen: the finish names the time, and calling is the second option. */
    callback: (when: string) => `A licensed agent will call you ${when}, at the number you gave.`,
    callLater: 'Rather call us? The number below is answered during the hours shown.',
    /** Shared, but no phone number given: no one is promised a call to a number that is not there. */
    noPhone: 'You left no phone number, so no agent will call you about this request.',
    byEmail: 'An agent may write to you at the email address you gave.',
    edit: 'Edit my answers',
    restart: 'Start a new quote',
  },
  spanish: {
    title: '¡Gracias! Recibimos su solicitud.',
    arrivedTitle: 'Ya envió su solicitud',
    next: 'Qué pasa ahora',
    steps: {
      medicare: [
        'Un agente con licencia revisa los planes disponibles en su código postal.',
        'Un agente puede llamarle al número que nos dio para revisar sus opciones. No tiene costo ni obligación de inscribirse.',
        '¿Quiere hablar ahora? Llame al número de abajo.',
      ],
      auto: [
        'Sus respuestas van a las aseguradoras y agentes que cotizan en su zona.',
        'Un agente con licencia puede llamarle al número que nos dio para revisar sus opciones. No tiene costo ni obligación de comprar.',
        '¿Quiere hablar ahora? Llame al número de abajo.',
      ],
      life: [
        'Un agente con licencia revisa las pólizas que se ajustan a sus respuestas.',
        'Un agente puede llamarle al número que nos dio para revisar sus opciones. No tiene costo ni obligación de comprar.',
        '¿Quiere hablar ahora? Llame al número de abajo.',
      ],
    },
    notShared: [
      'Sus datos no se compartieron con ninguna compañía, así que nadie le llamará por esta solicitud.',
      '¿Quiere hablar con un agente con licencia? Llame al número de abajo.',
    ],
    optedOut: {
      lines: [
        'Usted pidió que no vendamos ni compartamos su información (el Control Global de Privacidad de su navegador, o una solicitud de no vender), así que sus datos no se enviaron a ninguna compañía y nadie le llamará por esta solicitud.',
        'Esa elección sigue vigente hasta que usted la cambie: el Control Global de Privacidad es un ajuste de su navegador. Lo que guardamos sobre usted, y cómo eliminarlo, está en',
        '¿Quiere cotizaciones de todos modos? Llame al número de abajo.',
      ],
      link: 'Sus datos',
    },
    unverified: [
      'No pudimos confirmar que una persona envió esta solicitud (pasa cuando la página funciona sin JavaScript), así que sus datos no se enviaron a ninguna compañía.',
      'Para terminar su solicitud, llame al número de abajo: un agente con licencia la toma por teléfono.',
    ],
    call: 'Llame a un agente con licencia',
    callback: (when: string) => `Un agente con licencia le llamará el ${when}, al número que nos dio.`,
    callLater: '¿Prefiere llamarnos? El número de abajo atiende en el horario indicado.',
    noPhone: 'No dejó un número de teléfono, así que ningún agente le llamará por esta solicitud.',
    byEmail: 'Un agente puede escribirle al correo electrónico que nos dio.',
    edit: 'Editar mis respuestas',
    restart: 'Empezar una cotización nueva',
  },
} as const;

export interface ConfirmationProps {
  language: Language;
  product: Product;
  phone: PhoneDisplay;
  /** True on a page the visitor reached after finishing (not where they just finished). */
  arrived: boolean;
  /** The form's first step with the edit marker (works without JavaScript). */
  editHref: string;
  onEdit?: (event: MouseEvent<HTMLAnchorElement>) => void;
  headingRef?: Ref<HTMLHeadingElement>;
  idPrefix: string;
  /** Route name, for the auto offer wall's partner call. */
  pageName: string;
  /** The offers the server fetched for a finished auto visitor; absent: the browser asks. */
  offers?: FunnelProps['offers'];
  /** The call copy the page was rendered with. */
  callHours?: CallHours | null;
  /** False when the visitor's details were kept, not shared: the copy says so instead of promising a call. */
  shared?: boolean;
  /** Why the kept lead was kept, when the visitor can act on it: the copy says what it means and what to do. */
  withheldBecause?: WithheldBecause | undefined;
  /** The call-back time the lead carries, labelled in the visitor's zone (absent: none asked for). */
  callbackLabel?: string | undefined;
  /** What the lead holds to reach the visitor: the copy never names a number that was not given. */
  contact?: { phone: boolean; email: boolean };
}

export function Confirmation({
  language,
  product,
  phone,
  arrived,
  editHref,
  onEdit,
  headingRef,
  idPrefix,
  pageName,
  offers,
  callHours,
  shared = true,
  withheldBecause,
  callbackLabel,
  contact = { phone: true, email: false },
}: ConfirmationProps) {
  const s = COPY[language];
  const hours = useCallHours(callHours, language);
  // A shared lead with a call-back time: the time is the news, and the call button steps back.
  const callback = shared && callbackLabel && contact.phone ? callbackLabel : null;
  const because = shared ? undefined : withheldBecause;
  // Shared without a phone number: what was stored is said, not a call to "the number you gave".
  const sharedSteps: readonly string[] = contact.phone
    ? s.steps[product]
    : [s.steps[product][0], s.noPhone, ...(contact.email ? [s.byEmail] : []), s.steps[product][2]];
  const steps = shared ? sharedSteps : because === 'unverified' ? s.unverified : s.notShared;
  return (
    <section
      className="card confirmation quote-form__done"
      aria-labelledby={`${idPrefix}-done`}
      data-confirmation=""
      data-product={product}
      data-shared={shared ? 'yes' : 'no'}
      data-phone-given={contact.phone ? 'yes' : 'no'}
      {...(because ? { 'data-withheld-because': because } : {})}
    >
      <h2 id={`${idPrefix}-done`} ref={headingRef} tabIndex={-1}>
        {arrived ? s.arrivedTitle : s.title}
      </h2>
      {product === 'auto' ? (
        <OfferWall
          product="auto"
          page={pageName}
          language={language}
          variant="finish"
          // The copy as rendered, not the live one: an update must not reach the wall's boundary (offer-wall.tsx).
          callHours={callHours ?? null}
          {...(offers ? { initialAds: offers.ads, requestId: offers.requestId, retry: offers.retry } : {})}
        />
      ) : null}
      {callback ? (
        <p className="confirmation__callback" data-callback-at="">
          <strong>{s.callback(callback)}</strong>
        </p>
      ) : null}
      <h3>{s.next}</h3>
      <ol className="confirmation__next">
        {because === 'opted-out' ? (
          <>
            <li>{s.optedOut.lines[0]}</li>
            <li>
              {s.optedOut.lines[1]}{' '}
              <a href={language === 'spanish' ? '/your-data?lang=es' : '/your-data'}>{s.optedOut.link}</a>.
            </li>
            <li>{s.optedOut.lines[2]}</li>
          </>
        ) : (
          (callback ? [...steps.slice(0, 1), s.callLater] : steps).map((line) => <li key={line}>{line}</li>)
        )}
      </ol>
      <p>
        <CallButton
          phone={phone}
          label={s.call}
          hours={hours}
          {...(callback ? { className: 'cta-phone--quiet' } : {})}
        />
      </p>
      <p>
        <a className="btn btn--ghost" href={editHref} onClick={onEdit}>
          {arrived ? s.restart : s.edit}
        </a>
      </p>
    </section>
  );
}
