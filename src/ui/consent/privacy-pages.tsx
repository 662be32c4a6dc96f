import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { Brand } from '../../../brands';
import { pageConfigSchema, type Language } from '../../routes/schema';
import type { PhoneDisplay } from '../../shared/phone/lease';
import { Document, type ShellOptions } from '../document';
import { documentTitle } from '../render';
import { Layout } from '../layout';
import type { PageProps } from '../page-props';

/**
 * The brand's /partners page (who may contact a visitor, linked from the auto and life consent
 * text) and its "Do not sell or share my personal information" page with a request form. Both
 * in English and Spanish, inside the brand's normal layout (header with the number, footer).
 */
export interface ChromeInput {
  brand: Brand;
  language: Language;
  path: string;
  name: string;
  title: string;
  phone: PhoneDisplay;
  shell: ShellOptions;
  pageContext: Record<string, unknown>;
}

export function renderPrivacyChrome(input: ChromeInput, children: ReactNode): Promise<ReadableStream<Uint8Array>> {
  const config = pageConfigSchema.parse({
    title: input.title,
    description: input.title,
    headline: input.title,
    template: 'legal',
    product: input.brand.defaultProduct,
  });
  const page: PageProps = {
    brand: input.brand,
    route: { name: input.name, path: input.path, language: input.language },
    config,
    language: input.language,
    step: { name: '', number: 1, fallback: false },
    phone: input.phone,
    values: {},
    basePath: input.path,
  };
  return renderToReadableStream(
    <Document
      brand={input.brand}
      language={input.language}
      title={documentTitle(input.title, input.brand.name)}
      description={input.title}
      shell={input.shell}
      pageContext={input.pageContext}
      tail={null}
    >
      <Layout page={page}>
        <article className="legal">{children}</article>
      </Layout>
    </Document>,
    { nonce: input.shell.nonce },
  );
}

const PARTNERS_COPY = {
  english: {
    title: 'Companies that may contact you',
    intro: (brand: string) =>
      `When you ask for a quote on an auto or life insurance form of ${brand} and agree to be contacted, ${brand} and the companies below may call or text you about insurance at the number you gave. They are licensed agencies, insurance companies and marketplaces that work with licensed agents.`,
    medicareTitle: 'Medicare: you choose each company',
    medicareIntro:
      'On Medicare forms we list these companies one by one, each with its own box, and share your information only with the ones you tick. If you tick none, nothing is shared and you can call the number shown.',
    optOut:
      'You can withdraw your consent at any time: reply STOP to a text, tell the caller, or use the "Do not sell or share my personal information" page.',
  },
  spanish: {
    title: 'Compañías que pueden comunicarse con usted',
    intro: (brand: string) =>
      `Cuando pide una cotización en un formulario de seguro de auto o de vida de ${brand} y acepta que lo contacten, ${brand} y las compañías siguientes pueden llamarle o enviarle mensajes de texto sobre seguros al número que nos dio. Son agencias con licencia, compañías de seguros y mercados que trabajan con agentes con licencia.`,
    medicareTitle: 'Medicare: usted elige cada compañía',
    medicareIntro:
      'En los formularios de Medicare mostramos estas compañías una por una, cada una con su propia casilla, y solo compartimos su información con las que usted marque. Si no marca ninguna, no se comparte nada y puede llamar al número que se muestra.',
    optOut:
      'Puede retirar su consentimiento en cualquier momento: responda STOP a un mensaje, dígaselo a quien le llame o use la página "No vender ni compartir mi información personal".',
  },
} as const;

export function renderPartnersPage(
  input: Omit<ChromeInput, 'title' | 'name' | 'path'>,
): Promise<ReadableStream<Uint8Array>> {
  const s = PARTNERS_COPY[input.language];
  const sellers = input.brand.consent.medicare?.sellers ?? [];
  return renderPrivacyChrome(
    { ...input, title: s.title, name: 'partners', path: '/partners' },
    <>
      <h1>{s.title}</h1>
      <p>{s.intro(input.brand.name)}</p>
      <ul className="partners">
        {input.brand.consent.partners.map((p) => (
          <li key={p.name}>
            <strong>{p.name}</strong>: {p.role[input.language]}
          </li>
        ))}
      </ul>
      {sellers.length > 0 ? (
        <>
          <h2>{s.medicareTitle}</h2>
          <p>{s.medicareIntro}</p>
          <ul className="partners">
            {sellers.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>{s.optOut}</p>
    </>,
  );
}

const DNS_COPY = {
  english: {
    title: 'Do not sell or share my personal information',
    intro: (brand: string) =>
      `${brand} does not sell your personal information for money. We share it with the companies that give you a quote only when you agree on our form. Use this form to opt out of any sale or sharing of your personal information for advertising; we apply it to every request that carries your email or phone number. Your browser's Global Privacy Control signal is honoured as the same request.`,
    email: 'Email',
    phone: 'Phone number',
    phoneHint: 'Format: (555) 555-5555',
    either: 'Give your email, your phone number, or both, so we can find your information.',
    submit: 'Send my request',
    received: 'We received your request.',
    receivedBody: (ref: string) =>
      `Reference ${ref}. We stop selling or sharing your personal information within 15 business days and keep a record of your request.`,
    invalid: 'Please enter a valid email or a phone number like (555) 555-5555.',
  },
  spanish: {
    title: 'No vender ni compartir mi información personal',
    intro: (brand: string) =>
      `${brand} no vende su información personal por dinero. La compartimos con las compañías que le dan una cotización solo cuando usted lo acepta en nuestro formulario. Use este formulario para excluirse de cualquier venta o intercambio de su información personal con fines publicitarios; lo aplicamos a cada solicitud con su correo electrónico o su número de teléfono. La señal de Control Global de Privacidad de su navegador se respeta como la misma solicitud.`,
    email: 'Correo electrónico',
    phone: 'Número de teléfono',
    phoneHint: 'Formato: (555) 555-5555',
    either: 'Indique su correo electrónico, su número de teléfono o ambos, para que podamos encontrar su información.',
    submit: 'Enviar mi solicitud',
    received: 'Recibimos su solicitud.',
    receivedBody: (ref: string) =>
      `Referencia ${ref}. Dejaremos de vender o compartir su información personal en un plazo de 15 días hábiles y guardamos un registro de su solicitud.`,
    invalid: 'Indique un correo electrónico válido o un número de teléfono como (555) 555-5555.',
  },
} as const;

export function renderDoNotSellPage(
  input: Omit<ChromeInput, 'title' | 'name' | 'path'> & {
    received: string | null;
    invalid: boolean;
    values: { email: string; phone: string };
  },
): Promise<ReadableStream<Uint8Array>> {
  const s = DNS_COPY[input.language];
  const action = input.language === 'spanish' ? '/do-not-sell?lang=es' : '/do-not-sell';
  return renderPrivacyChrome(
    { ...input, title: s.title, name: 'do-not-sell', path: '/do-not-sell' },
    <>
      <h1>{s.title}</h1>
      {input.received ? (
        <div className="card" role="status" id="dns-received">
          <h2>{s.received}</h2>
          <p>{s.receivedBody(input.received)}</p>
        </div>
      ) : null}
      <p>{s.intro(input.brand.name)}</p>
      <form method="post" action={action} className="card" noValidate>
        <p>{s.either}</p>
        {input.invalid ? (
          <p className="error" role="alert">
            {s.invalid}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="dns-email">{s.email}</label>
          <input id="dns-email" name="email" type="email" autoComplete="email" defaultValue={input.values.email} />
        </div>
        <div className="field">
          <label htmlFor="dns-phone">{s.phone}</label>
          <input
            id="dns-phone"
            name="phone"
            type="tel"
            autoComplete="tel-national"
            defaultValue={input.values.phone}
            aria-describedby="dns-phone-hint"
          />
          <p className="hint" id="dns-phone-hint">
            {s.phoneHint}
          </p>
        </div>
        <button className="btn" type="submit">
          {s.submit}
        </button>
      </form>
    </>,
  );
}
