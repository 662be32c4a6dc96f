import type { Language } from '../../routes/schema';
import { termLabel } from '../i18n';
import type { PageProps } from '../page-props';

export function Hero({ page }: { page: PageProps }) {
  const { headline, subheadline, image } = page.config;
  return (
    <section className="hero">
      <h1>{headline}</h1>
      {subheadline ? <p className="sub">{subheadline}</p> : null}
      {image ? <img src={image.src} alt={image.alt} width={640} height={360} decoding="async" /> : null}
    </section>
  );
}

/** Benefit codes or plan types, as words in the page's language (never a raw code like "otc"). */
export function Tags({ items, label, language }: { items: readonly string[]; label: string; language: Language }) {
  if (items.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{termLabel(item, language)}</li>
      ))}
    </ul>
  );
}
