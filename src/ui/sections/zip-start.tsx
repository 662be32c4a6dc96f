import { useId } from 'react';
import type { MainFunnel } from '../../routes/main-funnels';
import type { SectionCopy } from '../../content/sections';

/**
 * The ZIP field that keeps the hero's promise. A plain GET form to the
 * funnel's first step: the Worker's prefill path (src/worker/funnel/prefill.ts, `zip_code`)
 * stores the ZIP and the first question shows it filled in, with or without JavaScript.
 */
export function ZipStart({ funnel, copy }: { funnel: MainFunnel; copy: SectionCopy['zipStart'] }) {
  const id = useId();
  return (
    <form className="zip-start" method="get" action={funnel.path} data-zip-start={funnel.product}>
      <label htmlFor={`${id}-zip`}>{copy.label}</label>
      <div className="zip-start__row">
        <input
          id={`${id}-zip`}
          name="zip_code"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]{5}"
          minLength={5}
          maxLength={5}
          required
          aria-describedby={`${id}-hint`}
        />
        <button className="btn" type="submit">
          {copy.button}
        </button>
      </div>
      <p className="zip-start__hint" id={`${id}-hint`}>
        {copy.hint}
      </p>
    </form>
  );
}
