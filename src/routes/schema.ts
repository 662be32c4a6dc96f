import { z } from 'zod';
import { brandCodeSchema, productSchema } from '../../brands/schema';

export const languageSchema = z.enum(['english', 'spanish']);
export type Language = z.infer<typeof languageSchema>;

/** The few real templates every page is built from (design.md). */
export const TEMPLATES = ['advertorial', 'listing', 'clicks', 'quiz', 'review', 'legal', 'index'] as const;
export const templateSchema = z.enum(TEMPLATES);
export type TemplateId = z.infer<typeof templateSchema>;

/** Forms are data in src/shared/forms; a page names one (or none). */
export const FORM_IDS = [
  'medicare',
  'auto',
  'life',
  'final-expense',
  'quiz-otc',
  'quiz-auto',
  'quiz-grocery',
  'quiz-medicare',
  'quiz-medicare-es',
] as const;
export const formIdSchema = z.enum(FORM_IDS);
export type FormId = z.infer<typeof formIdSchema>;

/** Named page hooks (spec: onEnter, onExitIntent). A name not in these lists is a config error that names it. */
export const ENTER_HOOKS = ['demandCheck'] as const;
export const EXIT_HOOKS = ['showDialog', 'showPhone'] as const;

/** Spec section 9 exit-intent defaults; a page overrides any of them. */
export const exitIntentOptionsSchema = z
  .object({
    repeatAfterDays: z.number().min(0).default(0),
    scrollDebounce: z.number().int().min(0).default(300),
    touchDeviceSensitivity: z.number().int().min(0).default(15),
    scrollPercentageToTrigger: z.number().min(0).max(100).default(0),
    delaySecondsAndTrigger: z.number().min(0).default(0),
    triggerOnExitIntent: z.boolean().default(true),
    triggerOnPageLoad: z.boolean().default(false),
    inactiveSecondsAndTrigger: z.number().min(0).default(0),
    idleTime: z.number().int().min(0).default(60000),
  })
  .strict();
export type ExitIntentOptions = z.infer<typeof exitIntentOptionsSchema>;

const copy = z.string().min(1);

export const pageConfigSchema = z
  .object({
    title: copy.optional(),
    description: copy,
    headline: copy,
    subheadline: copy.optional(),
    /** Path of a hero image under public/, with its alt text. */
    image: z.object({ src: z.string().startsWith('/'), alt: z.string() }).optional(),
    /** Paragraphs of body copy; plain text (rendered as text, never as HTML). */
    body: z.array(copy).default([]),
    /** Where the call-to-action leads when the page has no form (a path on this site). */
    destination: z.string().startsWith('/').optional(),
    template: templateSchema,
    product: productSchema,
    benefits: z.array(z.string()).default([]),
    planTypes: z.array(z.string()).default([]),
    form: formIdSchema.nullable().default(null),
    indexable: z.boolean().default(false),
    /** Forced colour mode; 'system' is allowed but warned against (spec section 2). */
    colorMode: z.enum(['light', 'dark', 'system']).optional(),
    exitIntentOptions: exitIntentOptionsSchema.partial().optional(),
    onEnter: z.string().optional(),
    onExitIntent: z.string().optional(),
  })
  .strict();
export type PageConfig = z.infer<typeof pageConfigSchema>;
export type PageConfigInput = z.input<typeof pageConfigSchema>;

const campaignMap = z.partialRecord(brandCodeSchema, z.string().min(1));

/**
 * A variant's page config overrides: any page config field, optional, with the defaults
 * removed (pageConfigSchema.partial() would fill body: [] and friends and so overwrite the
 * page's own copy). The cast only re-attaches the static type the mapped shape loses.
 */
export const pageConfigOverridesSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(pageConfigSchema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
    ]),
  ),
) as unknown as z.ZodType<Partial<PageConfig>, Partial<PageConfigInput>>;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

/**
 * An edge experiment on a page: operators start and stop it by editing `active`.
 * `fixed` (the default): each visitor's variant is a hash of the anonymous id over the weights
 * (src/worker/tracking/experiments.ts). `optimise`: new visitors are split by the revenue bandit's
 * latest allocation (the weights still rule its holdout), and the variant first given is stored
 * for the visitor (src/worker/experiments/edge-assignment.ts). Either way the server renders the
 * variant's config, so there is no flicker.
 */
export const experimentSchema = z
  .strictObject({
    id: slug,
    active: z.boolean(),
    mode: z.enum(['fixed', 'optimise']).default('fixed'),
    variants: z
      .array(
        z.strictObject({
          id: slug,
          weight: z.number().int().min(0).max(10_000),
          config: pageConfigOverridesSchema.default({}),
        }),
      )
      .min(2),
  })
  .refine((e) => new Set(e.variants.map((v) => v.id)).size === e.variants.length, 'variant ids must be unique')
  .refine((e) => e.variants.some((v) => v.weight > 0), 'at least one variant needs a weight above 0');
export type Experiment = z.infer<typeof experimentSchema>;

export const pageCheckSchema = z.strictObject({
  /** The route parameter the check reads ('' when the address has none). */
  param: z.string().min(1),
  /** A regular expression the whole value must match. */
  pattern: z.string().min(1),
  /** The not-found status; spec section 5: default 404 (outside 100-999 it falls back to 200). */
  status: z.number().int().optional(),
});
export type PageCheck = z.infer<typeof pageCheckSchema>;

export const routeRecordSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    /** Hono path pattern, e.g. '/get-yours-otc/:step?'. */
    path: z.string().startsWith('/'),
    brands: z.array(brandCodeSchema).min(1),
    smid: campaignMap.default({}),
    xsmid: campaignMap.default({}),
    language: languageSchema.default('english'),
    config: pageConfigSchema,
    /**
     * A page-level check (spec section 5, route validation), as data: the route parameter
     * must match the pattern, else the page is not found with the spec's message
     * ('Page Not Found: {path}') and the status given (default 404). src/routes/checks.ts runs it.
     */
    check: pageCheckSchema.optional(),
    /** An optional edge experiment on this page (see experimentSchema). */
    experiment: experimentSchema.optional(),
  })
  .strict();
export type RouteRecord = z.infer<typeof routeRecordSchema>;
export type RouteRecordInput = z.input<typeof routeRecordSchema>;
