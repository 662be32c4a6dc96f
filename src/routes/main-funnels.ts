/**
 * A brand's main funnels, one per product it sells in its language, the
 * brand's own product first. The home page's ZIP field starts the first; the 404 page offers
 * them all. Candidates are route names in order of preference; the first one the brand serves
 * in its language wins, so a brand never links a page it does not serve.
 */
import { PRODUCTS, type Brand, type Product } from '../../brands/schema';
import { isServedFor, routeByName, pathShape } from './registry';
import type { Language } from './schema';

const CANDIDATES: Readonly<Record<Product, Readonly<Record<Language, readonly string[]>>>> = {
  medicare: { english: ['general-medicare', 'medicare-quiz'], spanish: ['go-4-benefits-es', 'medicare-quiz-es'] },
  auto: { english: ['compare-auto', 'auto-quiz'], spanish: [] },
  life: { english: ['get-life-now'], spanish: [] },
};

const LABELS: Readonly<Record<Product, Readonly<Record<Language, string>>>> = {
  medicare: { english: 'Compare Medicare plans', spanish: 'Comparar planes de Medicare' },
  auto: { english: 'Compare car insurance', spanish: 'Comparar seguros de auto' },
  life: { english: 'Life and final expense insurance', spanish: 'Seguro de vida y de gastos finales' },
};

export interface MainFunnel {
  product: Product;
  route: string;
  /** The funnel's first step: its path without the step segment. */
  path: string;
  label: string;
}

export function mainFunnels(brand: Pick<Brand, 'id' | 'defaultProduct'>, language: Language): MainFunnel[] {
  const order = [brand.defaultProduct, ...PRODUCTS.filter((p) => p !== brand.defaultProduct)];
  const funnels: MainFunnel[] = [];
  for (const product of order) {
    const route = CANDIDATES[product][language]
      .map((name) => routeByName(name))
      .find((r) => r !== undefined && r.language === language && isServedFor(r, brand.id));
    if (route)
      funnels.push({ product, route: route.name, path: pathShape(route.path).base, label: LABELS[product][language] });
  }
  return funnels;
}

/** The funnel of one product (a review page starts its product's funnel), or undefined when the brand has none. */
export function mainFunnelOf(
  brand: Pick<Brand, 'id' | 'defaultProduct'>,
  language: Language,
  product: Product,
): MainFunnel | undefined {
  return mainFunnels(brand, language).find((f) => f.product === product);
}
