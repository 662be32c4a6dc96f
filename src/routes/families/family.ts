/**
 * Turns a compact family table (shared copy, template, product, variants) into route records.
 * The assignment rules that hold for every page live here once, so a family table only says
 * what is special about it; docs/decisions/0006-route-registry-brand-lists-templates-copy.md explains each rule.
 */
import { BRAND_CODES, type BrandCode, type Product } from '../../../brands/schema';
import type { ExitIntentOptions, FormId, Language, PageCheck, RouteRecordInput, TemplateId } from '../schema';
import { fnv1a } from '../../shared/fnv1a';

/** The copy a template renders. Plain text; a body paragraph starting '## ' is a heading. */
export interface PageCopy {
  title: string;
  description: string;
  headline: string;
  subheadline: string;
  body: readonly string[];
}

export const ALL_BRANDS: readonly BrandCode[] = BRAND_CODES;
/** Brands that sell Medicare (everything but the two auto brands and the Spanish-only brand). */
export const MEDICARE_BRANDS: readonly BrandCode[] = ['bh', 'm10', 'wc', 'ayb', 'qs', 'sd', 'bridge', 'emily', 'ac'];
/** Spanish Medicare pages: the Spanish brand plus the two English brands that run Spanish campaigns. */
export const SPANISH_MEDICARE_BRANDS: readonly BrandCode[] = ['m10es', 'bh', 'm10'];
export const AUTO_BRANDS: readonly BrandCode[] = ['ps', 'tqg', 'ac'];
export const LIFE_BRANDS: readonly BrandCode[] = ['bh', 'ayb', 'sd', 'emily'];
export const REVIEW_BRANDS: readonly BrandCode[] = ['ac'];

type ExitHook = 'showDialog' | 'showPhone';
type Campaign = 'smid' | 'xsmid' | 'none';

interface PageSettings {
  product?: Product;
  template?: TemplateId;
  /** Omitted: derived from template and product (see defaultForm). */
  form?: FormId | null;
  brands?: readonly BrandCode[];
  language?: Language;
  indexable?: boolean;
  benefits?: readonly string[];
  planTypes?: readonly string[];
  destination?: string;
  /** null: no exit-intent hook even where the template would have one. */
  onExitIntent?: ExitHook | null;
  exitIntentOptions?: Partial<ExitIntentOptions>;
  campaign?: Campaign;
  check?: PageCheck;
}

/** One page of a family: its name plus whatever differs from the family (copy fields included). */
export type Variant =
  | string
  | ({ name: string; path?: string; copy?: PageCopy; experiment?: RouteRecordInput['experiment'] } & Partial<PageCopy> &
      PageSettings);

export interface FamilyTable extends PageSettings {
  product: Product;
  template: TemplateId;
  /** Copy of the English pages. */
  copy?: PageCopy;
  /** Copy of the Spanish pages (names ending in -es). */
  copyEs?: PageCopy;
  benefits: readonly string[];
  planTypes: readonly string[];
  variants: readonly Variant[];
}

export function defaultForm(template: TemplateId, product: Product): FormId | null {
  if (template === 'advertorial' || template === 'listing') return product;
  return null;
}

export function defaultBrands(product: Product, language: Language): readonly BrandCode[] {
  if (product === 'auto') return AUTO_BRANDS;
  if (product === 'life') return LIFE_BRANDS;
  return language === 'spanish' ? SPANISH_MEDICARE_BRANDS : MEDICARE_BRANDS;
}

/**
 * A stable six-digit campaign id per brand and page (FNV-1a). Deterministic so the ids in
 * reports never change between deploys; operators replace them with real ones in the table.
 */
export function campaignId(kind: 'smid' | 'xsmid', brand: BrandCode, page: string): string {
  return String(100000 + (fnv1a(`${kind}:${brand}:${page}`) % 900000));
}

function campaignMap(kind: Campaign, want: 'smid' | 'xsmid', brands: readonly BrandCode[], page: string) {
  if (kind !== want) return {};
  return Object.fromEntries(brands.map((b) => [b, campaignId(want, b, page)]));
}

/** Pages that exist to check layout or data, never to be found by search engines. */
function isPreview(name: string): boolean {
  return name.endsWith('-preview') || name.endsWith('-test');
}

export function family(table: FamilyTable): RouteRecordInput[] {
  return table.variants.map((entry) => {
    const v = typeof entry === 'string' ? { name: entry } : entry;
    const language: Language = v.language ?? table.language ?? (v.name.endsWith('-es') ? 'spanish' : 'english');
    const base = v.copy ?? (language === 'spanish' ? table.copyEs : table.copy);
    if (!base) throw new Error(`Route family has no ${language} copy for page "${v.name}"`);
    const template = v.template ?? table.template;
    const product = v.product ?? table.product;
    const form = v.form !== undefined ? v.form : table.form !== undefined ? table.form : defaultForm(template, product);
    const brands = v.brands ?? table.brands ?? defaultBrands(product, language);
    const preview = isPreview(v.name);
    const exitHook =
      v.onExitIntent !== undefined
        ? v.onExitIntent
        : table.onExitIntent !== undefined
          ? table.onExitIntent
          : template === 'advertorial'
            ? 'showDialog'
            : null;
    const exitIntentOptions =
      table.exitIntentOptions || v.exitIntentOptions
        ? { ...table.exitIntentOptions, ...v.exitIntentOptions }
        : undefined;
    const campaign =
      v.campaign ??
      table.campaign ??
      (template === 'legal' || template === 'index' || template === 'review' ? 'none' : 'smid');
    const destination = v.destination ?? table.destination;
    const check = v.check ?? table.check;
    return {
      name: v.name,
      path: v.path ?? `/${v.name}/:step?`,
      brands: [...brands],
      smid: campaignMap(campaign, 'smid', brands, v.name),
      xsmid: campaignMap(campaign, 'xsmid', brands, v.name),
      language,
      ...(check ? { check } : {}),
      ...(typeof entry !== 'string' && entry.experiment ? { experiment: entry.experiment } : {}),
      config: {
        title: v.title ?? base.title,
        description: v.description ?? base.description,
        headline: v.headline ?? base.headline,
        subheadline: v.subheadline ?? base.subheadline,
        body: [...(v.body ?? base.body)],
        template,
        product,
        benefits: [...(v.benefits ?? table.benefits)],
        planTypes: [...(v.planTypes ?? table.planTypes)],
        form,
        // Preview and test pages stay out of search results whatever the family says.
        indexable: preview ? false : (v.indexable ?? table.indexable ?? false),
        ...(preview ? { colorMode: 'light' as const } : {}),
        ...(destination ? { destination } : {}),
        ...(product === 'medicare' && form && (template === 'advertorial' || template === 'listing')
          ? { onEnter: 'demandCheck' }
          : {}),
        ...(exitHook ? { onExitIntent: exitHook } : {}),
        ...(exitIntentOptions ? { exitIntentOptions } : {}),
      },
    };
  });
}
