/**
 * The `<noscript>` page-view image: a page shown without JavaScript loads
 * it and the Worker records the pageView the tracker would have sent; a page with JavaScript
 * never loads it. The path names the page and step; `fallback=1` says an unknown step was
 * asked for and the first one shown (spec section 2).
 */
export const NOSCRIPT_VIEW_PATH = '/api/event/noscript-view.gif';

/**
 * `landing`: the address named no step (the visitor landed on the page itself), so the view's
 * path is the page's own, not its first step's (which is where the form posts to).
 */
export function noscriptViewUrl(
  basePath: string,
  step: { name: string; fallback: boolean } | null,
  landing = false,
): string {
  const base = basePath.replace(/\/+$/, '') || '/';
  const path = step && step.name && !step.fallback && !landing ? `${base === '/' ? '' : base}/${step.name}` : base;
  return `${NOSCRIPT_VIEW_PATH}?path=${encodeURIComponent(path)}${step?.fallback ? '&fallback=1' : ''}`;
}
