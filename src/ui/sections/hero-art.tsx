import type { ReactNode } from 'react';
import type { Product } from '../../../brands/schema';

/** One outline in the brand colour over a light wash of it. */
function Outline({ d }: { d: string }) {
  return (
    <>
      <path d={d} fill="var(--brand)" opacity=".14" />
      <path d={d} fill="none" stroke="var(--brand)" strokeWidth="4" strokeLinejoin="round" />
    </>
  );
}

/**
 * A small inline illustration per product beside the hero's headline
 * (no request, no image file; brand colours through CSS variables). Decorative: hidden from
 * assistive technology, and hidden on phones so the form stays in the first screen.
 */
const ART: Record<Product, ReactNode> = {
  // A shield with a cross: health coverage.
  medicare: (
    <>
      <Outline d="M80 14 124 30v30c0 26-18 44-44 54-26-10-44-28-44-54V30z" />
      <path d="M72 44h16v14h14v16H88v14H72V74H58V58h14z" fill="var(--accent)" />
    </>
  ),
  // A car.
  auto: (
    <>
      <Outline d="M20 84V66l14-24c3-5 7-8 13-8h66c6 0 10 3 13 8l14 24v18z" />
      <path d="M36 62l10-18h68l10 18z" fill="var(--accent)" />
      <circle cx="48" cy="88" r="12" fill="var(--brand)" />
      <circle cx="112" cy="88" r="12" fill="var(--brand)" />
    </>
  ),
  // An umbrella: protection for the family.
  life: (
    <>
      <Outline d="M80 20c30 0 52 20 56 46H24c4-26 26-46 56-46z" />
      <path d="M80 66v34c0 8-12 8-12 0" fill="none" stroke="var(--brand)" strokeWidth="4" strokeLinecap="round" />
      <circle cx="80" cy="40" r="8" fill="var(--accent)" />
    </>
  ),
};

export function HeroArt({ product }: { product: Product }) {
  return (
    <svg className="hero__art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      {ART[product]}
    </svg>
  );
}
