import { z } from 'zod';
import { brandCodeSchema, productSchema } from '../../brands/schema';

export const languageSchema = z.enum(['english', 'spanish']);
export type Language = z.infer<typeof languageSchema>;

/** The few real templates every page is built from (design.md). */
export const TEMPLATES = ['advertorial', 'listing', 'clicks', 'quiz', 'review', 'legal', 'index'] as const;
export const templateSchema = z.enum(TEMPLATES);
export type TemplateId = z.infer<typeof templateSchema>;

/** Forms are data in src/shared/forms; a page names one (or none). */
export const FORM_IDS = ['medicare', 'auto', 'life', 'quiz-otc', 'quiz-auto', 'quiz-grocery', 'quiz-medicare', 'quiz-medicare-es'] as const;
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
     * A page-level check (spec section 5, route validation). Named, so it stays data;
     * the registry of checks lives in src/routes/checks.ts.
     */
    check: z.string().optional(),
  })
  .strict();
export type RouteRecord = z.infer<typeof routeRecordSchema>;
export type RouteRecordInput = z.input<typeof routeRecordSchema>;
