import type { Brand } from '../../../brands';

/**
 * The brand's logo: its mark (SVG paths from the record, coloured by the theme's custom
 * properties, so it follows light and dark mode) and its name set as the wordmark. The name
 * is real text: it is the link's accessible name and costs no bytes of glyph outlines.
 */
export function BrandLogo({ brand }: { brand: Brand }) {
  return (
    <a className="brand-logo brand-name" href="/" data-logo={brand.id}>
      <svg className="logo-mark" viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" focusable="false">
        {brand.logo.mark.map((p, i) => (
          <path key={i} className={`tone-${p.tone}`} d={p.d} />
        ))}
      </svg>
      <span className="wordmark">{brand.name}</span>
    </a>
  );
}
