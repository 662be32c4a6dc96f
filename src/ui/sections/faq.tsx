import type { Faq } from '../../content/sections';
import { scriptJson } from '../document';

/** schema.org FAQPage for the questions shown (https://schema.org/FAQPage). */
export function faqJsonLd(items: readonly Faq[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/**
 * The product's questions as <details> (open and close without JavaScript).
 * On indexable pages the same questions go to search engines as FAQPage JSON-LD. A JSON-LD
 * block is data, not script: browsers never run it, so the CSP's script-src does not apply
 * and it needs no nonce (docs/decisions/0043-the-sections-visitors-expect.md).
 */
export function FaqSection({
  heading,
  items,
  structured,
}: {
  heading: string;
  items: readonly Faq[];
  structured: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <section className="faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{heading}</h2>
      {items.map((item) => (
        <details key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
      {structured ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(faqJsonLd(items)) }} />
      ) : null}
    </section>
  );
}
