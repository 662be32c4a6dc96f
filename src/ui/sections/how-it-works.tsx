import type { SectionCopy } from '../../content/sections';

/** What happens, in three plain steps. */
export function HowItWorks({ copy }: { copy: SectionCopy['howItWorks'] }) {
  return (
    <section className="how" aria-labelledby="how-heading">
      <h2 id="how-heading">{copy.heading}</h2>
      <ol className="how__steps">
        {copy.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
