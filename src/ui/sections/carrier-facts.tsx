import { CARRIERS, type Carrier } from '../../content/carriers';
import type { Language } from '../../routes/schema';
import { termLabel } from '../i18n';

const WORDS = {
  english: {
    offers: (name: string) => `What ${name} offers`,
    where: 'Where',
    compare: 'What to compare',
    carriers: 'Carriers reviewed',
  },
  spanish: {
    offers: (name: string) => `Lo que ofrece ${name}`,
    where: 'Dónde',
    compare: 'Qué comparar',
    carriers: 'Aseguradoras reseñadas',
  },
} as const;

/** A carrier review says what the carrier offers, where, and what to compare (from src/content/carriers.ts). */
export function CarrierFacts({ carrier, language }: { carrier: Carrier; language: Language }) {
  const w = WORDS[language];
  return (
    <section className="carrier-facts" aria-labelledby="carrier-offers">
      <h2 id="carrier-offers">{w.offers(carrier.name)}</h2>
      <ul className="carrier-facts__plans">
        {carrier.planTypes.map((code) => (
          <li key={code}>{termLabel(code, language)}</li>
        ))}
      </ul>
      {carrier.where ? (
        <>
          <h3>{w.where}</h3>
          <p>{carrier.where[language]}</p>
        </>
      ) : null}
      {carrier.compare && carrier.compare.length > 0 ? (
        <>
          <h3>{w.compare}</h3>
          <ul>
            {carrier.compare.map((item) => (
              <li key={item.english}>{item[language]}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The reviews index: each reviewed carrier, its plan types and a link to its page. */
export function ReviewedCarriers({ language, paths }: { language: Language; paths: ReadonlyMap<string, string> }) {
  const reviewed = CARRIERS.filter((c) => c.review !== undefined && paths.has(c.review));
  if (reviewed.length === 0) return null;
  return (
    <section className="carrier-facts" aria-labelledby="carriers-reviewed">
      <h2 id="carriers-reviewed">{WORDS[language].carriers}</h2>
      <ul>
        {reviewed.map((carrier) => (
          <li key={carrier.name}>
            <a href={paths.get(carrier.review ?? '')}>{carrier.name}</a>:{' '}
            {carrier.planTypes.map((code) => termLabel(code, language)).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
