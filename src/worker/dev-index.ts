import { html } from 'hono/html';
import { BRANDS } from '../../brands';
import { isServedFor, ROUTES } from '../routes/registry';

/**
 * Development index at http://localhost:8787/: every brand and every page it serves, as
 * links to {code}.localhost on the same port. Only served when ENVIRONMENT is development.
 * hono/html escapes every value put in the template.
 */
export function renderDevIndex(requestUrl: string) {
  const url = new URL(requestUrl);
  const port = url.port ? `:${url.port}` : '';
  const sections = BRANDS.map((brand) => {
    const origin = `${url.protocol}//${brand.id}.localhost${port}`;
    const served = ROUTES.filter((r) => isServedFor(r, brand.id));
    const links = served.map((r) => {
      const path = r.path.replace(/\/:step\?$/, '').replace(/\/:slug\?$/, '') || '/';
      return html`<li><a href="${origin + path}">${path}</a> <small>${r.config.template} · ${r.language}</small></li>`;
    });
    return html`<section><h2><a href="${origin}/">${brand.name}</a> <small>(${brand.id}, ${brand.defaultProduct})</small></h2><details><summary>${served.length} pages</summary><ul>${links}</ul></details></section>`;
  });
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Quote funnel — development index</title><style>body{font:18px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px}li{margin:4px 0}small{color:#555}</style></head><body><h1>Quote funnel — development index</h1><p>${BRANDS.length} brands, ${ROUTES.length} routes. Each brand is served at <code>http://{code}.localhost${port}</code>.</p>${sections}</body></html>`;
}
