import type { ReactNode } from 'react';
import type { PageProps } from '../page-props';
import { HeroArt } from '../sections/hero-art';

/** The page's headline, with the product's illustration beside it (or the page's own image); `children` follow the copy. */
export function Hero({ page, children }: { page: PageProps; children?: ReactNode }) {
  const { headline, subheadline, image, product } = page.config;
  return (
    <section className="hero">
      <div className="hero__text">
        <h1>{headline}</h1>
        {subheadline ? <p className="sub">{subheadline}</p> : null}
        {children}
      </div>
      {image ? (
        <img src={image.src} alt={image.alt} width={640} height={360} decoding="async" />
      ) : (
        <HeroArt product={product} />
      )}
    </section>
  );
}
