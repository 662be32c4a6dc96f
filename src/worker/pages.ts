import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { productForBrandId, type Brand, type Product } from '../../brands';
import { findRoute, isServedFor } from '../routes/registry';
import { homeGuides } from '../routes/home-guides';
import { runPageCheck } from '../routes/checks';
import { localizedConfig, pageLanguage } from '../routes/brand-language';
import type { Language, PageConfig, RouteRecord } from '../routes/schema';
import { stepNamesFor } from '../shared/forms';
import {
  formIslandKey,
  renderFormIsland,
  renderPageHtml,
  renderPageStreamedHtml,
  type RenderPageInput,
} from '../ui/render';
import type { PageProps } from '../ui/page-props';
import { callHours, callHoursHour, phoneSeed } from '../shared/phone';
import { isEditingAnswers } from '../shared/forms/finish';
import type { AppEnv } from './env';
import { PageNotFound } from './http-error';
import { isNoindex, shellOptions, stylesheetOf } from './shell';
import { resolveStep } from './step';
import { visitorStub } from './visitor';
import { retryWithoutHint } from './middleware/visitor';
import { htmlPageResponse } from './middleware/security-headers';
import {
  answersCameFromAddress,
  CLEAR_FROM_ADDRESS,
  hasPersonalFields,
  redirectToCleanAddress,
} from './funnel/clean-address';
import { carriedSearch, funnelProps, prefillFromQuery, ROUND_TRIP_PARAMS } from './funnel';
import {
  CONTEXT_SLOT,
  FORM_ISLAND_SLOT,
  joinContextJson,
  isPlainPhone,
  NONCE_SLOT,
  PHONE_DIGITS_SLOT,
  PHONE_DISPLAY_SLOT,
  PHONE_HREF_SLOT,
  QUOTE_TOKEN_SLOT,
  SEARCH_SLOT,
  ShellCache,
  shellResponse,
  SUBMISSION_SLOT,
  type ShellSlots,
} from './page-cache';
import { FormIslandCache } from './form-island-cache';
import { formQuoteToken } from './funnel/form-token';
import { scriptJson } from '../ui/document';
import { formDefinition } from '../shared/forms/registry';
import { applyExperiment, buildPageTracking } from './tracking';
import { optimisedExperiment } from './experiments';
import { logJson } from './observability/log';
import { recordPageServed } from './visit';
import { placementFor } from '../partners/mediaalpha/call-context';
import type { LeaseOwner } from '../partners/mediaalpha/phone-lease';
import { shellVariant } from './consent/page-variant';
import { optedOut } from './consent/opt-out';
import { noteConsentShown } from './consent/catalog';
import {
  consentStepSnapshot,
  placeholderPlace,
  placeholderRetry,
  placeholderValues,
  SNAPSHOT_RENDER,
  withSnapshotHash,
  type ConsentStepRender,
} from './consent/step-snapshot';
import { listingBudgetMs, listingForPage } from './listing';
import { finishOffers } from './listing/finish-offers';
import { addressZip, edgeZipOf, pagePlace } from './location';
import { edgeTimeZone, requestNow, visitorTimeZone } from './hours/edge-clock';
import { clientIp, isLocalAddress } from '../partners/geo';
import { closedDatesOf } from '../../brands/closures';
import type { StepRetryProps, CallbackScreenProps, FunnelProps } from '../ui/islands/quote-form/types';

function stripStep(pathname: string, step: string | undefined): string {
  if (step === undefined) return pathname.replace(/\/+$/, '') || '/';
  return pathname.slice(0, pathname.length - step.length - 1).replace(/\/+$/, '') || '/';
}

type FunnelState = Awaited<ReturnType<ReturnType<typeof visitorStub>['getFunnelState']>>;

/**
 * The visitor's stored state, or an empty one when the Durable Object call fails (an
 * overloaded or restarting object): the page still renders, with empty fields and the
 * brand's default number, rather than a 500. Logged without the visitor's values.
 */
async function funnelStateOrEmpty(
  c: Context<AppEnv>,
  form: string | null,
  prefill: Parameters<ReturnType<typeof visitorStub>['getFunnelStateText']>[1],
  page: string,
  leaseOwner: LeaseOwner,
): Promise<FunnelState> {
  try {
    // The state as its JSON text (getFunnelStateText says why): the same state, parsed here once.
    const text = await visitorStub(c.env, c.get('visitorId')).getFunnelStateText(form, prefill, leaseOwner);
    return JSON.parse(text) as FunnelState;
  } catch (error) {
    logJson('error', 'visitor state unavailable; rendering with empty values', {
      where: 'page.getFunnelState',
      page,
      error: error instanceof Error ? error.message : String(error),
    });
    return { values: {}, lease: null, completed: false };
  }
}

// C.get(name) rather than c.var.name on this path: hono's `var` getter copies every
// variable into a new object on each access.
/**
 * A page: the route's check, its language, config and experiment, and the address's personal
 * fields (stored, then a 303 to the clean address); then the page's data (gatherPageData) and
 * its response (respondWithPage).
 */
async function renderRoute(
  c: Context<AppEnv>,
  route: RouteRecord,
  step: string | undefined,
  params: Record<string, string>,
  /** Without JavaScript, the last step held for a call-back time: the page shows this screen in the form's place. */
  callbackScreen?: CallbackScreenProps,
  /** Without JavaScript, a step refused for a typed contact value: shown again as posted. */
  stepRetry?: StepRetryProps,
) {
  const brand = c.get('brand');
  const url = new URL(c.req.url);
  if (!runPageCheck(route.check, { pathname: url.pathname, params }))
    throw new PageNotFound(url.pathname, route.check?.status);

  // Home and legal pages speak the brand's language (m10es: Spanish) and sell its product.
  const language = pageLanguage(route, brand.defaultLanguage);
  const baseConfig = localizedConfig(route, brand);
  // Edge experiment: the visitor's sticky variant is rendered on the server, so no flicker (an
  // `optimise` one's is stored for the visitor, src/worker/experiments/edge-assignment.ts).
  const experimentRoute = { config: baseConfig, experiment: route.experiment };
  const { config, assignment } =
    route.experiment?.mode === 'optimise'
      ? await optimisedExperiment(c, experimentRoute)
      : applyExperiment(experimentRoute, c.get('anonymousId'));
  // The consent text this page shows goes into the catalog (once per isolate, in the background).
  if (config.form) noteConsentShown(c, config.form, language);
  // Personal fields in the address prefill the form (stored, never logged; spec section 2).
  const prefill = config.form ? prefillFromQuery(url.searchParams) : null;
  // Clicks pages list the visitor's offers in the HTML, within a short budget (src/worker/listing).
  const listing =
    config.template === 'clicks' ? listingForPage(c, config.product ?? brand.defaultProduct, route.name) : undefined;
  // A visitor still holding the nothing-stored hint clears it before the address's answers are stored.
  if (prefill && c.get('hinted')) return retryWithoutHint(c);
  // Personal fields leave the address: their answers are stored, then a 303 to the clean address.
  if (hasPersonalFields(url)) {
    const owner = leaseOwnerOf(brand, config.product ?? productForBrandId(brand.id));
    if (prefill) await funnelStateOrEmpty(c, config.form, prefill, route.name, owner);
    return redirectToCleanAddress(c, url, prefill !== null);
  }
  // Answers stored from this address (a zip_code stays in it), or from the one a 303 just cleaned.
  const fromAddress = prefill !== null || answersCameFromAddress(c);
  const data = await gatherPageData(c, {
    brand,
    url,
    route,
    step,
    params,
    language,
    config,
    assignment,
    prefill,
    listing,
    callbackScreen,
    stepRetry,
  });
  return respondWithPage(c, { ...data, fromAddress });
}

interface PageRequest {
  brand: Brand;
  url: URL;
  route: RouteRecord;
  step: string | undefined;
  params: Record<string, string>;
  language: Language;
  config: PageConfig;
  assignment: ReturnType<typeof applyExperiment>['assignment'];
  prefill: ReturnType<typeof prefillFromQuery>;
  listing: ReturnType<typeof listingForPage> | undefined;
  callbackScreen?: CallbackScreenProps | undefined;
  stepRetry?: StepRetryProps | undefined;
}

/**
 * What the page shows of this visitor: their stored state (skipped while nothing is stored),
 * the visit record, the quote token, offers and place, all started together; and whether any of
 * it is the visitor's own (which decides the shared shell and the cache policy).
 */
async function gatherPageData(c: Context<AppEnv>, request: PageRequest) {
  const { brand, url, route, step, params, language, config, assignment, prefill, listing, callbackScreen } = request;
  const { stepRetry } = request;
  // Nothing stored yet (the id was minted by this request, or the browser holds the hint): no Durable Object round trip.
  const skipRead = c.get('nothingStored') && !prefill;
  // The hint goes out with a minted id only when this render wrote nothing to the Durable Object.
  if (skipRead && c.get('newVisitor')) c.set('hintNothingStored', true);
  // Otherwise the read starts first and overlaps with the visit record and the quote token below.
  const stateRead = skipRead
    ? NO_STATE
    : funnelStateOrEmpty(
        c,
        config.form,
        prefill,
        route.name,
        leaseOwnerOf(brand, config.product ?? productForBrandId(brand.id)),
      );
  const tracking = buildPageTracking(c, assignment, url);
  const stepInfo = resolveStep(stepNamesFor(config.form), step);
  // The Worker's record of the visit (page, product, landing attribution) for partner calls.
  // The edge's zip is read once a session, and not at all while the address carries one; its
  // time zone once a session, and not at all for a local address (the hours show the agents' own).
  const served = recordPageServed(c, {
    sessionId: tracking.sessionId,
    page: route.name,
    product: config.product ?? productForBrandId(brand.id),
    url,
    edgeZip: addressZip(url) === null ? () => edgeZipOf(c.req.raw) : null,
    edgeTimeZone: isLocalAddress(clientIp(c.req.raw)) ? null : () => edgeTimeZone(c.req.raw),
  });
  // The final step's form carries a quote token for a post without JavaScript.
  const tokenIssued = config.form ? formQuoteToken(c, formDefinition(config.form), stepInfo.name) : null;
  const [state, formToken, visit] = await Promise.all([stateRead, tokenIssued, served]);
  // The call copy as of this render (the browser re-reads its own clock on load).
  const renderedAt = requestNow(c.req.raw, c.env);
  // Honest hours: the brand's closed dates, the times in the visitor's zone (src/worker/hours),
  // the zone as the session's visit record keeps it.
  const hoursPlace = {
    timeZone: visitorTimeZone(c.req.raw, c.env, () => visit.timeZone ?? null),
    closed: closedDatesOf(brand.id),
  };
  const hours = callHours(language, renderedAt, url.searchParams.get('utm_medium'), hoursPlace);
  const offers = await listing;
  // Finished auto visitors see the offers for their lead in the confirmation (one partner call per lead).
  // (Not while the screen asks for a call-back time: that post is the visitor finishing again.)
  const finished = state.completed && !isEditingAnswers(url.searchParams) && !callbackScreen;
  const finishListing =
    finished && config.form && formDefinition(config.form).product === 'auto'
      ? finishOffers(c, { page: route.name, localHour: undefined, budgetMs: listingBudgetMs(c.env) })
      : null;
  // The resolved zip and its stored location; a later form step shows the place (src/worker/location).
  const place = await pagePlace(c, {
    values: state.values,
    stored: state.location,
    url,
    edgeZip: visit.edgeZip,
    lookup: config.form !== null && stepInfo.number > 1,
  });
  const shownPlace =
    config.form && place.location ? { city: place.location.city, stateCode: place.location.stateCode } : null;
  // The visitor's own content outside the form island (their offers on a clicks page, a form
  // posted back without JavaScript): the page renders fresh.
  const ownOutsideForm =
    offers !== undefined ||
    callbackScreen !== undefined ||
    stepRetry !== undefined ||
    ROUND_TRIP_PARAMS.some((p) => url.searchParams.has(p));
  // Anything of the visitor's in the page beside their number (answers, the confirmation, their offers or place).
  const ownContent = ownOutsideForm || shownPlace !== null || Object.keys(state.values).length > 0 || state.completed;
  // A lease is the visitor's too (never in a shared cache).
  const personal = ownContent || state.lease !== null;
  // A catch-all page (/reviews/{anything}) is one page whatever the slug: its base is the route's.
  const basePath =
    params.slug !== undefined ? route.path.replace(/\/:slug\?$/, '') || '/' : stripStep(url.pathname, step);
  const smid = route.smid[brand.id];
  const xsmid = route.xsmid[brand.id];
  // The number shown, its default and the lease's lifetime; the page's one number source reads it.
  const phone = phoneSeed(state.lease, brand.defaultPhone);
  return {
    brand,
    url,
    route,
    step,
    language,
    config,
    assignment,
    tracking,
    stepInfo,
    renderedAt,
    hours,
    hoursPlace,
    visit,
    state,
    formToken,
    offers,
    finished,
    finishListing,
    place,
    shownPlace,
    ownOutsideForm,
    ownContent,
    personal,
    basePath,
    smid,
    xsmid,
    phone,
    callbackScreen,
    stepRetry,
  };
}

type PageData = Awaited<ReturnType<typeof gatherPageData>> & { fromAddress: boolean };

/**
 * The page context the page embeds for its scripts. Its head is the same for every request of a
 * shared shell (its JSON is kept with the shell); the tail is this request's.
 */
function pageContextOf(c: Context<AppEnv>, data: PageData) {
  const {
    brand,
    route,
    language,
    config,
    tracking,
    stepInfo,
    renderedAt,
    hoursPlace,
    place,
    smid,
    xsmid,
    phone,
    fromAddress,
  } = data;
  // The page context's head is the same for every request of a shared shell (its JSON is
  // kept with the shell); the tail is this request's.
  const contextHead = {
    brand: { id: brand.id, name: brand.name },
    page: {
      name: route.name,
      smid: smid ?? null,
      xsmid: xsmid ?? null,
      title: config.title ?? null,
      product: config.product ?? productForBrandId(brand.id),
      benefits: config.benefits,
      planTypes: config.planTypes,
      language,
      template: config.template,
    },
    step: stepInfo,
  };
  const contextTail = {
    // The public anonymous id, never the visitor key (src/worker/visitor/visitor-key.ts).
    visitorId: c.get('anonymousId'),
    // Session, paid flag, first-request parameters and experiment for the tracker (sets __Host-qf_sid).
    tracking,
    // What the main script needs for the spec's calls on entry (src/ui/client/spec-calls.ts).
    hooks: { onEnter: config.onEnter ?? null },
    place: { zip: place.zip, located: place.location?.zip ?? null },
    phone,
    // This render stored answers from the address; pages the browser kept are out of date.
    answersFromAddress: fromAddress,
    // The hour of the call copy as rendered; the browser recomputes it only in another hour.
    callHoursHour: callHoursHour(renderedAt),
    // The zone the call copy is written in; the browser writes it in the same one.
    callHoursZone: hoursPlace.timeZone,
  };
  return { contextHead, contextTail };
}

/**
 * The page's response: a fresh render when it carries the visitor's own content outside the
 * form island, otherwise the shared shell of its key with this request's slots filled (and, for
 * a visitor with answers, the form island rendered alone into its slot).
 */
async function respondWithPage(c: Context<AppEnv>, data: PageData) {
  const { brand, url, route, language, config, assignment, stepInfo, hours, visit } = data;
  const { state, formToken, finished, finishListing, shownPlace, ownOutsideForm, ownContent, personal } = data;
  const { basePath, smid, xsmid, phone, offers, fromAddress, step, callbackScreen, hoursPlace, renderedAt } = data;
  const { stepRetry } = data;
  // Nothing of the visitor's in the page but their number and what the form island shows: the
  // rendered shell can be shared, the number filled in (a visitor holding a lease no
  // longer costs a fresh render) and, for a visitor with answers, the island rendered alone.
  const shared = shellSharing.enabled && !ownOutsideForm && isPlainPhone(phone.phone);
  // The answers, confirmation and place are all inside the form island.
  const formApart = ownContent && config.form !== null;
  const { contextHead, contextTail } = pageContextOf(c, data);
  const pageContext = { ...contextHead, ...contextTail };

  /**
   * What React renders; with slots, the per-request values are left as slots for a shared shell.
   * `evidence`: the consent step's snapshot render (answers as field names), or the hash of that
   * snapshot the served step carries.
   */
  const renderInput = async (slots: boolean, evidence: ConsentStepRender = null): Promise<RenderPageInput> => {
    const snapshot = evidence === SNAPSHOT_RENDER;
    const values = snapshot ? placeholderValues(state.values) : state.values;
    const page: PageProps = {
      brand,
      route: { name: route.name, path: route.path, language, smid, xsmid },
      config,
      language,
      step: stepInfo,
      phone: slots
        ? { ...phone.phone, digits: PHONE_DIGITS_SLOT, display: PHONE_DISPLAY_SLOT, href: PHONE_HREF_SLOT }
        : phone.phone,
      values,
      basePath,
      landing: step === undefined,
      ...(config.form
        ? {
            funnel: withSnapshotHash(
              await funnelPropsFor(
                slots,
                c.env,
                snapshot ? placeholderPlace(shownPlace) : shownPlace,
                formToken,
                finishListing && (await finishListing),
                {
                  formId: config.form,
                  stepName: stepInfo.name,
                  values,
                  // Finished visitors see the confirmation, unless they chose to edit their answers (?edit=1).
                  completed: finished,
                  shared: state.shared ?? true,
                  ...(state.withheldBecause ? { withheldBecause: state.withheldBecause } : {}),
                  url,
                  language,
                  brandName: brand.name,
                  sellers: brand.consent.medicare?.sellers ?? null,
                  callbackScreen,
                  // A step shown again as posted; in the snapshot, its answers are field names too.
                  ...(stepRetry ? { retry: snapshot ? placeholderRetry(stepRetry) : stepRetry } : {}),
                  timeZone: hoursPlace.timeZone,
                  now: renderedAt,
                },
              ),
              evidence,
            ),
          }
        : {}),
      ...(assignment ? { variant: { experiment: assignment.experimentId, variant: assignment.variantId } } : {}),
      ...(offers ? { listing: offers } : {}),
      indexed: !isNoindex(c.env.ENVIRONMENT, config.indexable),
    };
    const shell = shellOptions(c, config.indexable);
    return {
      page,
      shell: slots ? { ...shell, nonce: NONCE_SLOT } : shell,
      pageContext: slots ? CONTEXT_SLOT : pageContext,
      callHours: hours,
      links: route.name === 'index' ? homeGuides(brand.id, language) : [],
    };
  };
  /** The page; `form` in place of its form island (a shell's slot), else the island of the same input. */
  const render = async (slots: boolean, form?: string, evidence: ConsentStepRender = null) => {
    const input = await renderInput(slots, evidence);
    return pageRendering.streamed ? renderPageStreamedHtml(input, form) : renderPageHtml(input, form);
  };

  // The Response is built once with its own headers and the visit record's cookie; the security headers follow in their middleware.
  const respond = (html: string | Uint8Array<ArrayBuffer>) => {
    const response = htmlPageResponse(html, { cacheControl: pageCacheControl(personal), setCookie: visit.cookie });
    if (fromAddress) response.headers.append('Set-Cookie', CLEAR_FROM_ADDRESS);
    return response;
  };
  // The consent step: its snapshot as served, kept once per hash; the page carries the hash.
  const snapshotHash = await consentStepSnapshot(c, data, () => render(true, undefined, SNAPSHOT_RENDER));
  if (!shared) return respond(await render(false, undefined, snapshotHash));
  // A hit builds no page props at all: only the per-request slots are computed.
  // A GPC page (no tag manager) never shares a shell with a normal one; a new TPMO disclaimer version is a new shell.
  const key = [
    brand.id,
    route.name,
    stepInfo.name,
    stepInfo.fallback,
    // The landing address and its first step's are two pages to the page view (the <noscript> image's path).
    step === undefined ? 'landing' : 'step',
    assignment?.variantId ?? '',
    basePath,
    shellVariant(optedOut(c)),
    // The call copy changes with the working hours; a shell never outlives the hours it states.
    hours.line,
    // The islands' props say whether the number is leased (the digits are slots).
    phone.phone.leased ? 'leased' : 'default',
    // The form island in the shell (slots filled per request), or rendered per request in its slot.
    formApart ? 'form-apart' : 'form-in',
    // The page's CSS linked (a returning browser), or inlined with the file prefetched (a first view).
    cssDeliveryOf(stylesheetOf(c).stylesheet),
    snapshotHash ?? '',
  ].join('|');
  const shell =
    shells.get(key) ??
    shells.set(
      key,
      await render(true, formApart ? FORM_ISLAND_SLOT : undefined, snapshotHash),
      scriptJson(contextHead),
    );
  const slots: ShellSlots = {
    nonce: c.get('nonce'),
    pageContextJson: joinContextJson(shell.contextHead, scriptJson(contextTail)),
    submissionId: crypto.randomUUID(),
    search: config.form ? carriedSearch(url, formDefinition(config.form)) : '',
    quoteToken: formToken,
    phone: phone.phone,
  };
  if (formApart) {
    shellSharing.formApartFills++;
    // The island with the shell's slots in it, kept per set of answers (src/worker/form-island-cache.ts).
    const islandInput = withFormIdSlots(await renderInput(false, snapshotHash));
    const keyOf = () => formIslandKey(islandInput);
    slots.formIsland = formIslands.island(state.values, keyOf, () => renderFormIsland(islandInput));
  }
  return shellResponse(shell, slots, respond);
}

/**
 * A page with the visitor's values is never stored anywhere (no-store); any
 * other page may stay in this browser's back/forward cache (`no-store` on the document keeps
 * Chrome from restoring it once a cookie changed, and the visit cookie changes on every page).
 * `private`: never a shared cache; `no-cache`: a new visit asks the Worker again. The client
 * refreshes a restored page whose visitor state moved on (src/ui/client/page-restore.ts).
 */
export function pageCacheControl(personal: boolean): string {
  return personal ? 'private, no-store' : 'private, no-cache';
}

/**
 * The page's input with the form's per-request ids (its submission id, its quote token) as the
 * shell's slots, filled per request: the island's markup is then the same for equal answers.
 * The carried query and the number stay as they are, since the island's copy depends on them
 * (an edit link joins the query; the confirmation shows the number).
 */
function withFormIdSlots(input: RenderPageInput): RenderPageInput {
  const funnel = input.page.funnel;
  if (funnel === undefined) return input;
  const ids = { submissionId: SUBMISSION_SLOT, formToken: funnel.formToken ? QUOTE_TOKEN_SLOT : funnel.formToken };
  return { ...input, page: { ...input.page, funnel: { ...funnel, ...ids } } };
}

/** The product and placement whose lease a page of `product` shows. */
function leaseOwnerOf(brand: Brand, product: Product): LeaseOwner {
  return { product, placementId: placementFor(brand, product) };
}

const NO_STATE: FunnelState = { values: {}, lease: null, completed: false };

/** How a page's CSS travels, as part of its shell's key: linked, inlined and prefetched, or inlined alone. */
function cssDeliveryOf(stylesheet: { linked: boolean } | undefined): string {
  if (stylesheet === undefined) return 'css-inline';
  return stylesheet.linked ? 'css-linked' : 'css-prefetched';
}

/** Rendered shells of pages with no visitor data, per isolate. */
const shells = new ShellCache();

/** Rendered form islands of shared shells, per set of answers (none with a person's own details), per isolate. */
export const formIslands = new FormIslandCache();

/**
 * Tests switch sharing off to compare a shared shell with a fresh render of the same page, and
 * read how many pages were served from a shell with the form island rendered apart.
 */
export const shellSharing = { enabled: true, formApartFills: 0 };

/** Tests switch to React's streaming renderer to compare its bytes with the string renderer's. */
export const pageRendering = { streamed: false };

/** Funnel props; in a shared shell the per-request parts are slots filled at serve time. */
async function funnelPropsFor(
  shared: boolean,
  env: Env,
  place: FunnelProps['place'],
  formToken: string | null,
  offers: FunnelProps['offers'],
  input: Parameters<typeof funnelProps>[1],
) {
  const props = { ...(await funnelProps(env, input)), place, formToken, offers };
  return shared
    ? { ...props, submissionId: SUBMISSION_SLOT, search: SEARCH_SLOT, formToken: formToken ? QUOTE_TOKEN_SLOT : null }
    : props;
}

/** Every page of the registry, for the brand of the request; anything else falls to notFound. */
export const pages = new Hono<AppEnv>();

/** A broken percent-escape in the address is a malformed request (400), not a missing page. */
function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** A 400 for an address with a broken escape; an address without '%' has none (no URL parse on every page view). */
function refuseMalformed(c: Context<AppEnv>): void {
  if (c.req.url.includes('%') && hasMalformedEscape(new URL(c.req.url).pathname))
    throw new HTTPException(400, { message: 'Malformed address' });
}

// Checked in each method's handler rather than in a middleware of its own (one dispatch less a page view).
pages.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '*', async (c, next) => {
  refuseMalformed(c);
  await next();
});

pages.get('*', async (c, next) => {
  refuseMalformed(c);
  const match = findRoute(c.req.path);
  if (!match || !isServedFor(match.route, c.get('brand').id)) return next();
  return renderRoute(c, match.route, match.step, match.params);
});

/** Pages are read, not written: other methods on a served page (form posts are answered before) are 405. */
pages.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', async (c, next) => {
  const match = findRoute(c.req.path);
  if (!match || !isServedFor(match.route, c.get('brand').id)) return next();
  // Without JavaScript, the last step held for a call-back time (src/worker/funnel/form-submit.ts):
  // the step's page with the screen in the form's place; 400 when the time posted was refused.
  // Without JavaScript, a step refused for a typed contact value: the step again as posted (400).
  const stepRetry = c.get('stepRetry');
  if (stepRetry && c.req.method === 'POST') {
    const page = await renderRoute(c, match.route, match.step, match.params, undefined, stepRetry);
    return new Response(page.body, { status: 400, headers: page.headers });
  }
  const callbackScreen = c.get('callbackScreen');
  if (callbackScreen && c.req.method === 'POST') {
    const page = await renderRoute(c, match.route, match.step, match.params, callbackScreen);
    if (!callbackScreen.error) return page;
    return new Response(page.body, { status: 400, headers: page.headers });
  }
  throw new HTTPException(405, {
    message: 'Method Not Allowed',
    res: new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } }),
  });
});
