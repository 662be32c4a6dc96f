import type { Language } from '../../routes/schema';
import { renderPrivacyChrome, type ChromeInput } from './privacy-pages';

/**
 * The visitor's "Your data" page: what this browser's visitor record holds (saved answers, leads
 * sent from it, recorded events), a download of all of it, and a delete with a confirmation box.
 * The browser's own signed visitor key is the proof: no email or phone is asked for, and nothing
 * of another browser's can be reached from here.
 */
export interface YourDataCounts {
  answers: number;
  leads: number;
  events: number;
}

const COPY = {
  english: {
    title: 'Your data',
    intro: (brand: string) =>
      `This page shows what ${brand} keeps about this browser: the answers you gave on our forms, the quote requests sent from it, and the pages and steps we recorded. You can download it, or delete it. Deleting also asks every company that received one of your quote requests to delete it.`,
    held: 'Kept for this browser',
    answers: 'saved answers',
    leads: 'quote requests',
    events: 'recorded page views and steps',
    nothing: 'We keep nothing about this browser.',
    download: 'Download my data (JSON)',
    deleteTitle: 'Delete my data',
    confirm: 'I understand that my answers, quote requests and recorded visits are deleted and cannot be restored.',
    deleteButton: 'Delete my data',
    mustConfirm: 'Tick the box to confirm the deletion.',
    deleted: 'Your data was deleted.',
    deletedBody: (partners: number) =>
      partners > 0
        ? `We also asked the ${partners === 1 ? 'company' : `${partners} companies`} that received your quote request to delete it. Proof that you consented (a certificate without your contact details) is kept, as the law requires.`
        : 'Proof of any consent you gave (a certificate without your contact details) is kept, as the law requires.',
    other:
      'Used another browser or device? Ask us by email or phone on the privacy policy page, and we will find your information by your email or phone number.',
  },
  spanish: {
    title: 'Sus datos',
    intro: (brand: string) =>
      `Esta página muestra lo que ${brand} guarda sobre este navegador: las respuestas que dio en nuestros formularios, las solicitudes de cotización enviadas desde él y las páginas y pasos que registramos. Puede descargarlo o eliminarlo. Al eliminarlo también pedimos a cada compañía que recibió una de sus solicitudes que la elimine.`,
    held: 'Guardado para este navegador',
    answers: 'respuestas guardadas',
    leads: 'solicitudes de cotización',
    events: 'páginas y pasos registrados',
    nothing: 'No guardamos nada sobre este navegador.',
    download: 'Descargar mis datos (JSON)',
    deleteTitle: 'Eliminar mis datos',
    confirm:
      'Entiendo que mis respuestas, solicitudes de cotización y visitas registradas se eliminan y no se pueden recuperar.',
    deleteButton: 'Eliminar mis datos',
    mustConfirm: 'Marque la casilla para confirmar la eliminación.',
    deleted: 'Sus datos fueron eliminados.',
    deletedBody: (partners: number) =>
      partners > 0
        ? `También pedimos a ${partners === 1 ? 'la compañía que recibió' : `las ${partners} compañías que recibieron`} su solicitud de cotización que la eliminen. La prueba de su consentimiento (un certificado sin sus datos de contacto) se conserva, como exige la ley.`
        : 'La prueba de cualquier consentimiento que dio (un certificado sin sus datos de contacto) se conserva, como exige la ley.',
    other:
      '¿Usó otro navegador o dispositivo? Escríbanos o llámenos según la política de privacidad y encontraremos su información por su correo electrónico o número de teléfono.',
  },
} as const;

export function yourDataPath(language: Language, path = '/your-data'): string {
  return language === 'spanish' ? `${path}?lang=es` : path;
}

export function renderYourDataPage(
  input: Omit<ChromeInput, 'title' | 'name' | 'path'> & {
    counts: YourDataCounts;
    deleted: { partners: number } | null;
    mustConfirm: boolean;
  },
): Promise<ReadableStream<Uint8Array>> {
  const s = COPY[input.language];
  const { counts } = input;
  const empty = counts.answers + counts.leads + counts.events === 0;
  return renderPrivacyChrome(
    { ...input, title: s.title, name: 'your-data', path: '/your-data' },
    <>
      <h1>{s.title}</h1>
      {input.deleted ? (
        <div className="card" role="status" id="your-data-deleted">
          <h2>{s.deleted}</h2>
          <p>{s.deletedBody(input.deleted.partners)}</p>
        </div>
      ) : null}
      <p>{s.intro(input.brand.name)}</p>
      <section className="card" id="your-data-held">
        <h2>{s.held}</h2>
        {empty ? (
          <p>{s.nothing}</p>
        ) : (
          <ul>
            <li>
              <strong data-count="answers">{counts.answers}</strong> {s.answers}
            </li>
            <li>
              <strong data-count="leads">{counts.leads}</strong> {s.leads}
            </li>
            <li>
              <strong data-count="events">{counts.events}</strong> {s.events}
            </li>
          </ul>
        )}
        <form method="post" action={yourDataPath(input.language, '/your-data/export')}>
          <button className="btn" type="submit">
            {s.download}
          </button>
        </form>
      </section>
      <form method="post" action={yourDataPath(input.language, '/your-data/delete')} className="card">
        <h2>{s.deleteTitle}</h2>
        {input.mustConfirm ? (
          <p className="error" role="alert">
            {s.mustConfirm}
          </p>
        ) : null}
        <div className="field">
          <label>
            <input type="checkbox" name="confirm" value="yes" required /> {s.confirm}
          </label>
        </div>
        <button className="btn" type="submit">
          {s.deleteButton}
        </button>
      </form>
      <p>{s.other}</p>
    </>,
  );
}
