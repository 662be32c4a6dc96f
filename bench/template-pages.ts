/**
 * One real page per template (and per language where Spanish pages exist), shared by the
 * size measurements of the benchmark and by the audits. Spanish exists only for the
 * advertorial, clicks and quiz templates (`npm run routes -- --json`).
 */
export interface TemplatePage {
  template: 'index' | 'advertorial' | 'listing' | 'clicks' | 'quiz' | 'review' | 'legal';
  language: 'english' | 'spanish';
  brand: string;
  path: string;
  /** Form on the page (its steps are audited one by one). */
  form?: string;
}

export const TEMPLATE_PAGES: TemplatePage[] = [
  { template: 'index', language: 'english', brand: 'bh', path: '/' },
  { template: 'advertorial', language: 'english', brand: 'bh', path: '/get-yours-otc', form: 'medicare' },
  { template: 'listing', language: 'english', brand: 'bh', path: '/carriers', form: 'medicare' },
  { template: 'clicks', language: 'english', brand: 'bh', path: '/clicks' },
  { template: 'quiz', language: 'english', brand: 'bh', path: '/quiz/medicare', form: 'quiz-medicare' },
  { template: 'review', language: 'english', brand: 'ac', path: '/reviews/aetna' },
  { template: 'legal', language: 'english', brand: 'bh', path: '/privacy' },
  { template: 'advertorial', language: 'spanish', brand: 'm10es', path: '/get-yours-otc-es', form: 'medicare' },
  { template: 'clicks', language: 'spanish', brand: 'm10es', path: '/ads-es' },
  { template: 'quiz', language: 'spanish', brand: 'm10es', path: '/quiz/medicare-es', form: 'quiz-medicare-es' },
];

/** Pages whose every form step is audited: Medicare, auto, life and a quiz. */
export const FORM_PAGES: { form: string; brand: string; path: string }[] = [
  { form: 'medicare', brand: 'bh', path: '/get-yours-otc' },
  { form: 'auto', brand: 'ps', path: '/call-auto' },
  { form: 'life', brand: 'bh', path: '/get-life-now' },
  { form: 'quiz-medicare', brand: 'bh', path: '/quiz/medicare' },
];
