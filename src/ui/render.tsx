import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import type { Brand } from '../../brands';
import type { Language } from '../routes/schema';
import { noscriptViewUrl } from '../shared/tracking/noscript-view';
import { Document, type ShellOptions } from './document';
import { t } from './i18n';
import { IslandCollector } from './islands/island';
import type { IslandName } from './islands/registry';
import { Layout } from './layout';
import type { PageProps } from './page-props';
import { AdvertorialTemplate } from './templates/advertorial';
import { ClicksTemplate } from './templates/clicks';
import { IndexTemplate, type PageLink } from './templates/index-page';
import { LegalTemplate } from './templates/legal';
import { ListingTemplate } from './templates/listing';
import { QuizTemplate } from './templates/quiz';
import { ReviewTemplate } from './templates/review';
import { CallHoursContext } from './components/call-hours';
import type { CallHours } from '../shared/phone/call-hours';
import { displayPhone } from '../shared/phone/lease';
import { callHours } from '../shared/phone/call-hours';
import { mainFunnels } from '../routes/main-funnels';
import { PhoneCta } from './components/phone-cta';
import { BrandLogo } from './brand-identity/logo';
import { closedDatesOf } from '../../brands/closures';
import { MainFunnelLinks } from './sections/main-funnel-links';
import { FORM_ISLAND_MARK, FormIslandApart, formIslandProps, PageFormIsland } from './templates/form-slot';

/** Spec section 2: '{page title} - {brand name}', or the brand name alone. */
export function documentTitle(pageTitle: string | undefined, brandName: string): string {
  return pageTitle ? `${pageTitle} - ${brandName}` : brandName;
}

function Template({ page, links }: { page: PageProps; links: readonly PageLink[] }) {
  switch (page.config.template) {
    case 'advertorial':
      return <AdvertorialTemplate page={page} />;
    case 'listing':
      return <ListingTemplate page={page} />;
    case 'clicks':
      return <ClicksTemplate page={page} />;
    case 'quiz':
      return <QuizTemplate page={page} />;
    case 'review':
      return <ReviewTemplate page={page} />;
    case 'legal':
      return <LegalTemplate page={page} />;
    case 'index':
      return <IndexTemplate page={page} links={links} />;
  }
}

/** Loads the island code only when the content above used an island (rendered last, so it knows). */
function IslandScripts({ islands, shell }: { islands: Set<IslandName>; shell: ShellOptions }) {
  if (islands.size === 0) return null;
  return <script nonce={shell.nonce} type="module" src={shell.assets.islands} />;
}

export interface RenderPageInput {
  page: PageProps;
  shell: ShellOptions;
  /** Serialized into the page; a string is a slot filled later (see src/worker/page-cache.ts). */
  pageContext: Record<string, unknown> | string;
  links?: readonly PageLink[];
  /** The call copy at render time (the working-hours flag); every call button reads it. */
  callHours?: CallHours;
}

function documentFor(input: RenderPageInput, islands: Set<IslandName>): ReactNode {
  const { page, shell, pageContext } = input;
  return (
    <FormIslandApart.Provider value={page.funnel !== undefined}>
      <IslandCollector.Provider value={islands}>
        <Document
          brand={page.brand}
          language={page.language}
          title={documentTitle(page.config.title, page.brand.name)}
          description={page.config.description}
          forcedColorMode={page.config.colorMode}
          shell={shell}
          pageContext={pageContext}
          tail={<IslandScripts islands={islands} shell={shell} />}
          noscriptView={noscriptViewUrl(page.basePath, page.config.form ? page.step : null, page.landing)}
        >
          <CallHoursContext.Provider value={input.callHours ?? null}>
            <Layout page={page}>
              <Template page={page} links={input.links ?? []} />
            </Layout>
          </CallHoursContext.Provider>
        </Document>
      </IslandCollector.Provider>
    </FormIslandApart.Provider>
  );
}

/**
 * The form island of a page, rendered as its own root, as the browser hydrates it:
 * the page's render leaves FORM_ISLAND_MARK in its place. A page without a form has neither.
 */
export function renderFormIsland(input: Pick<RenderPageInput, 'page' | 'callHours'>): string {
  if (input.page.funnel === undefined) return '';
  return renderToString(
    <IslandCollector.Provider value={new Set<IslandName>()}>
      <CallHoursContext.Provider value={input.callHours ?? null}>
        <PageFormIsland page={input.page} />
      </CallHoursContext.Provider>
    </IslandCollector.Provider>,
  );
}

/**
 * The page with `form` where the mark is: the island of this input, or (a shared shell, see
 * src/worker/page-cache.ts) a slot filled per request. The mark is written once, by React, in
 * the page's own markup; anything the visitor typed is escaped inside the island.
 */
function withFormIsland(html: string, form: string): string {
  const at = html.indexOf(FORM_ISLAND_MARK);
  if (at < 0) return html;
  return html.slice(0, at) + form + html.slice(at + FORM_ISLAND_MARK.length);
}

/** Streams a page, the form island's mark left in place (renderPageStreamedHtml writes the island). An error while rendering the shell rejects. */
async function renderPage(input: RenderPageInput): Promise<ReadableStream<Uint8Array>> {
  const islands = new Set<IslandName>();
  return renderToReadableStream(documentFor(input, islands), { nonce: input.shell.nonce });
}

/**
 * What the form island's markup is made from, as one string: its props (it hydrates from exactly
 * these, as JSON) and the year its vehicle tiles are counted to (the one clock its render reads).
 * Equal keys render equal markup; null for a page without a form island.
 */
export function formIslandKey(input: Pick<RenderPageInput, 'page' | 'callHours'>): string | null {
  const props = formIslandProps(input.page, input.callHours ?? null);
  // One JSON text, written flat by the serializer: a template joining the year to it made a string the
  // cache's lookup had to copy whole before it could hash it.
  return props ? JSON.stringify([new Date().getFullYear(), props]) : null;
}

/**
 * The same page as one string: React's string renderer writes no byte chunks (the
 * stream's per-chunk TextEncoder was the largest cost of a page with the visitor's answers).
 * A page suspends nowhere, so nothing waits for the stream; the stream alone writes the
 * doctype. tests/platform/page-rendering.integration.test.ts compares both byte for byte.
 * An error while rendering throws (the Worker then shows the 500 page).
 */
export function renderPageHtml(input: RenderPageInput, form: string = renderFormIsland(input)): string {
  return withFormIsland(`<!DOCTYPE html>${renderToString(documentFor(input, new Set<IslandName>()))}`, form);
}

/** The streamed renderer's bytes of the same page, the form island written as renderPageHtml does (tests compare both). */
export async function renderPageStreamedHtml(
  input: RenderPageInput,
  form: string = renderFormIsland(input),
): Promise<string> {
  return withFormIsland(await new Response(await renderPage(input)).text(), form);
}

export interface ErrorPageInput {
  brand: Brand;
  language: Language;
  status: number;
  /** Shown under the heading for a 404, e.g. 'Page Not Found: /reviews/unknown'. */
  message?: string;
  shell: ShellOptions;
}

/** Spec section 8: 404 reads 'Page Not Found'; anything else 'Internal Server Error'. */
export async function renderErrorPage({
  brand,
  language,
  status,
  message,
  shell,
}: ErrorPageInput): Promise<ReadableStream<Uint8Array>> {
  const s = t(language);
  const notFound = status === 404;
  // The spec's headings, in the brand's language (m10es reads 'Página no encontrada').
  const heading = notFound ? s.pageNotFound : s.internalError;
  // Somewhere to go from an error page: the call (the brand's number) and its main funnels.
  const phone = displayPhone(null, brand.defaultPhone);
  return renderToReadableStream(
    <Document
      brand={brand}
      language={language}
      title={documentTitle(heading, brand.name)}
      description={heading}
      shell={{ ...shell, noindex: true }}
      pageContext={{
        brand: { id: brand.id, name: brand.name },
        // The language, so the main script's call copy stays in the page's language (src/ui/client/call-hours.ts).
        page: { name: notFound ? 'not-found' : 'error', language },
        error: { statusCode: status },
      }}
      tail={null}
    >
      {/* The brand's own header on its error pages too: a visitor who mistyped an address still
          knows whose site this is, and can call or go home. */}
      <header className="site-header" id="site-header">
        <div className="site-header__inner">
          <div className="brand-block">
            <BrandLogo brand={brand} />
          </div>
        </div>
      </header>
      <main id="main" className="error-page">
        <h1>{heading}</h1>
        {notFound && message ? <p>{message}</p> : null}
        <p>{notFound ? s.notFoundBody : s.errorBody}</p>
        <CallHoursContext.Provider value={callHours(language, new Date(), null, { closed: closedDatesOf(brand.id) })}>
          <PhoneCta phone={phone} label={s.callNow} />
        </CallHoursContext.Provider>
        <MainFunnelLinks funnels={mainFunnels(brand, language)} language={language} />
        <p>
          <a className="btn" href="/">
            {s.backHome}
          </a>
        </p>
      </main>
    </Document>,
    { nonce: shell.nonce },
  );
}
