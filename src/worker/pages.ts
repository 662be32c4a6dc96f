import { Hono, type Context } from 'hono';
import { productForBrandId } from '../../brands';
import { findRoute, isServedFor, ROUTES } from '../routes/registry';
import { runPageCheck } from '../routes/checks';
import type { RouteRecord } from '../routes/schema';
import { stepNamesFor } from '../shared/forms';
import { renderPage } from '../ui/render';
import type { PageProps } from '../ui/page-props';
import { displayPhone } from '../shared/phone';
import type { AppEnv } from './env';
import { PageNotFound } from './http-error';
import { shellOptions } from './shell';
import { resolveStep } from './step';
import { visitorStub } from './visitor';
import { funnelProps, prefillFromQuery } from './funnel';
import { applyExperiment, buildPageTracking } from './tracking';

function stripStep(pathname: string, step: string | undefined): string {
  if (step === undefined) return pathname.replace(/\/+$/, '') || '/';
  return pathname.slice(0, pathname.length - step.length - 1).replace(/\/+$/, '') || '/';
}

/** The brand's index links: its indexable guides first, then the rest, without legal pages. */
function indexLinks(brandId: string) {
  return ROUTES.filter((r) => isServedFor(r, brandId) && r.config.template !== 'legal' && r.name !== 'index' && !r.path.includes(':slug'))
    .sort((a, b) => Number(b.config.indexable) - Number(a.config.indexable))
    .slice(0, 12)
    .map((r) => ({ path: r.path.replace(/\/:step\?$/, ''), title: r.config.title ?? r.config.headline }));
}

async function renderRoute(c: Context<AppEnv>, route: RouteRecord, step: string | undefined, params: Record<string, string>) {
  const brand = c.var.brand;
  const url = new URL(c.req.url);
  if (!runPageCheck(route.check, { pathname: url.pathname, params })) throw new PageNotFound(url.pathname);

  const baseConfig = route.name === 'index' || route.config.template === 'legal' ? { ...route.config, product: brand.defaultProduct } : route.config;
  // Edge experiment: the visitor's sticky variant is rendered on the server, so no flicker.
  const { config, assignment } = applyExperiment({ config: baseConfig, experiment: route.experiment }, c.var.visitorId);
  // Personal fields in the address prefill the form (stored, never logged; spec section 2).
  const state = await visitorStub(c.env, c.var.visitorId).getFunnelState(config.form, config.form ? prefillFromQuery(url.searchParams) : null);
  const stepInfo = resolveStep(stepNamesFor(config.form), step);
  const page: PageProps = {
    brand,
    route: { name: route.name, path: route.path, language: route.language, smid: route.smid[brand.id], xsmid: route.xsmid[brand.id] },
    config,
    language: route.language,
    step: stepInfo,
    phone: displayPhone(state.lease, brand.defaultPhone),
    values: state.values,
    basePath: stripStep(url.pathname, step),
    ...(config.form
      ? {
          funnel: await funnelProps(c.env, {
            formId: config.form,
            stepName: stepInfo.name,
            values: state.values,
            completed: state.completed,
            url,
            language: route.language,
            brandName: brand.name,
          }),
        }
      : {}),
    ...(assignment ? { variant: { experiment: assignment.experimentId, variant: assignment.variantId } } : {}),
  };
  const pageContext = {
    brand: { id: brand.id, name: brand.name },
    page: {
      name: route.name,
      smid: page.route.smid ?? null,
      xsmid: page.route.xsmid ?? null,
      title: config.title ?? null,
      product: config.product ?? productForBrandId(brand.id),
      benefits: config.benefits,
      planTypes: config.planTypes,
      language: route.language,
      template: config.template,
    },
    step: stepInfo,
    visitorId: c.var.visitorId,
    // Session, paid flag, first-request parameters and experiment for the tracker (sets qf_sid).
    tracking: buildPageTracking(c, assignment),
  };
  const body = await renderPage({ page, shell: shellOptions(c, config.indexable), pageContext, links: route.name === 'index' ? indexLinks(brand.id) : [] });
  return c.body(body, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' });
}

/** Every page of the registry, for the brand of the request; anything else falls to notFound. */
export const pages = new Hono<AppEnv>();

pages.get('*', async (c, next) => {
  const match = findRoute(c.req.path);
  if (!match || !isServedFor(match.route, c.var.brand.id)) return next();
  return renderRoute(c, match.route, match.step, match.params);
});
