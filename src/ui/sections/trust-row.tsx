import type { SectionCopy } from '../../content/sections';

/** Who answers, what it costs, what happens to the answers, and the privacy policy. */
export function TrustRow({ copy, privacyHref }: { copy: SectionCopy['trust']; privacyHref: string }) {
  return (
    <section className="trust" aria-labelledby="trust-heading">
      <h2 id="trust-heading">{copy.heading}</h2>
      <ul className="trust__items">
        <li>{copy.licensed}</li>
        <li>{copy.noCost}</li>
        <li>
          {copy.data} <a href={privacyHref}>{copy.privacyLink}</a>
        </li>
      </ul>
    </section>
  );
}
