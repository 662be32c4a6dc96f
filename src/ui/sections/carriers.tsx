import type { Carrier } from '../../content/carriers';
import type { SectionCopy } from '../../content/sections';

/** The carriers a visitor may hear about, named from data, with the honest caveat. */
export function CarrierNames({ carriers, copy }: { carriers: readonly Carrier[]; copy: SectionCopy['carriers'] }) {
  if (carriers.length === 0) return null;
  return (
    <section className="carriers" aria-labelledby="carriers-heading">
      <h2 id="carriers-heading">{copy.heading}</h2>
      <ul className="carriers__names">
        {carriers.map((carrier) => (
          <li key={carrier.name}>{carrier.name}</li>
        ))}
      </ul>
      <p className="carriers__note">{copy.note}</p>
    </section>
  );
}
