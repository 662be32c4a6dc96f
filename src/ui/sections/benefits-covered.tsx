import { benefitDescription } from '../../content/benefits';
import type { Language } from '../../routes/schema';
import { termLabel } from '../i18n';

/**
 * The page's benefit codes as a readable, translated list ("Over-the-counter
 * allowance: some plans give ..."), instead of raw chips. Nothing when the page lists none.
 */
export function BenefitsCovered({
  codes,
  heading,
  language,
}: {
  codes: readonly string[];
  heading: string;
  language: Language;
}) {
  if (codes.length === 0) return null;
  return (
    <section className="benefits" aria-labelledby="benefits-heading">
      <h2 id="benefits-heading">{heading}</h2>
      <ul>
        {codes.map((code) => {
          const description = benefitDescription(code, language);
          return (
            <li key={code}>
              <strong>{termLabel(code, language)}</strong>
              {description ? <> {description}</> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
