import type { Context } from 'hono';
import { isbot } from 'isbot';
import { productForBrandId } from '../../../brands';
import { findRoute, isServedFor, routeByName } from '../../routes/registry';
import type { PageConfig, RouteRecord } from '../../routes/schema';
import type { StepInfo } from '../../shared/forms/step-info';
import {
  buildEventContext,
  type BotCheckResult,
  type EventContext,
  type PageInfo,
} from '../../shared/tracking/event-context';
import type { AppEnv } from '../env';
import { applyExperiment } from './experiments';
import { sessionFromCookie } from './session';

/**
 * The event context (spec section 3) of an event the Worker writes itself: the same fields a
 * page's tracker sends (page, url, cookies, bot detection, url params, phone rule), from what
 * the Worker knows of the request instead of what a script read in the page.
 */

/**
 * The Worker's bot check of a request: the user agent against isbot's list of crawlers, tools
 * and HTTP libraries (curl, axios, okhttp, Scrapy and the rest). A browser that hides what it
 * is passes; the page's own check (src/ui/client/tracker/bot-check.ts) looks for that.
 */
export function serverBotCheck(userAgent: string): BotCheckResult {
  return isbot(userAgent) ? { bot: true, signals: ['bot-ua'] } : { bot: false, signals: [] };
}

/** The page part of the event context, as the page render puts it in the page context. */
export function pageInfoFor(
  c: Context<AppEnv>,
  route: RouteRecord,
  config: PageConfig,
  step: StepInfo | null,
): PageInfo {
  const brand = c.var.brand;
  return {
    name: route.name,
    smid: route.smid[brand.id] ?? null,
    xsmid: route.xsmid[brand.id] ?? null,
    title: config.title ?? null,
    product: config.product ?? productForBrandId(brand.id),
    benefits: config.benefits,
    planTypes: config.planTypes,
    language: route.language,
    template: config.template,
    step,
  };
}

/**
 * The page address an event belongs to: the page that made this request (its Referer, which a
 * same-origin request carries whole under strict-origin-when-cross-origin), else the page's own
 * path, else the request's address.
 */
function pageHref(c: Context<AppEnv>, route: RouteRecord | undefined): string {
  const url = new URL(c.req.url);
  const referer = c.req.header('referer');
  if (referer?.startsWith(`${url.origin}/`)) return referer;
  if (route) return `${url.origin}${route.path.replace(/\/:(step|slug)\?$/, '') || '/'}`;
  return url.href;
}

function routeAt(href: string, brandId: string): RouteRecord | undefined {
  const match = findRoute(new URL(href).pathname);
  return match && isServedFor(match.route, brandId) ? match.route : undefined;
}

export interface ServerContextInput {
  id: string;
  now: Date;
  /** The page's route name, when the event belongs to one. */
  page: string | null;
  step: StepInfo | null;
  /** The page address; by default the Referer or the page's path (pageHref). */
  href?: string;
  ipQuality: Record<string, unknown> | null;
}

/** The event context of a server-written event, built as the tracker builds it (buildEventContext). */
export function serverEventContext(c: Context<AppEnv>, input: ServerContextInput): EventContext {
  const brand = c.var.brand;
  const href = input.href ?? pageHref(c, input.page ? routeByName(input.page) : undefined);
  // The named page, else the page at the address the request came from (a page the Worker has no record of yet).
  const route = input.page ? routeByName(input.page) : routeAt(href, brand.id);
  const config = route
    ? applyExperiment(
        { config: route.config, experiment: route.experiment },
        c.var.anonymousId,
        c.var.experimentAssignments,
      ).config
    : undefined;
  const userAgent = c.req.header('user-agent') ?? '';
  return buildEventContext({
    id: input.id,
    now: input.now,
    brand: { id: brand.id, name: brand.name },
    userId: c.var.anonymousId,
    session: sessionFromCookie(c) ?? { id: 'no-session', paid: false, urlParams: {} },
    page: route && config ? pageInfoFor(c, route, config, input.step) : { name: input.page ?? '' },
    href,
    cookieHeader: c.req.header('cookie') ?? '',
    botDetection: serverBotCheck(userAgent),
    ipQuality: input.ipQuality,
    userAgent,
  });
}
