import type { MainFunnel } from '../../routes/main-funnels';
import type { Language } from '../../routes/schema';

const HEADING: Record<Language, string> = { english: 'Where to start', spanish: 'Por dónde empezar' };

/** The brand's main funnels as plain links (the 404 page: somewhere useful to go). */
export function MainFunnelLinks({ funnels, language }: { funnels: readonly MainFunnel[]; language: Language }) {
  if (funnels.length === 0) return null;
  return (
    <nav className="funnel-links" aria-labelledby="funnel-links-heading">
      <h2 id="funnel-links-heading">{HEADING[language]}</h2>
      <ul>
        {funnels.map((funnel) => (
          <li key={funnel.route}>
            <a className="btn btn--ghost" href={funnel.path}>
              {funnel.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
