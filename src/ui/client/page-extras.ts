import { pageContextJson } from './tracker/page-context';
import { isObject } from './tracker/storage';

/**
 * The parts of `<script id="page-context">` the main script's spec calls read:
 * the page's name and product, its onEnter hook, and the zip the server resolved with the
 * zip of the stored location. Checked for shape (no zod in the main script).
 */
export interface PageExtras {
  page: string;
  product: string | null;
  onEnter: string | null;
  /** The zip the server resolved (form value, zip_code parameter, the edge's ip postal code). */
  zip: string | null;
  /** The zip whose location the visitor already has stored. */
  located: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function readPageExtras(doc: Document = document): PageExtras {
  const root = pageContextJson(doc);
  const page = isObject(root.page) ? root.page : {};
  const hooks = isObject(root.hooks) ? root.hooks : {};
  const place = isObject(root.place) ? root.place : {};
  return {
    page: str(page.name) ?? 'unknown',
    product: str(page.product),
    onEnter: str(hooks.onEnter),
    zip: str(place.zip),
    located: str(place.located),
  };
}
