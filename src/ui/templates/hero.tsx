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

export function Tags({ items, label }: { items: readonly string[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
