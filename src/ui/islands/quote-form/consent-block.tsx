/**
 * The consent disclosure of the consent step: the text with the brand's partner
 * list as a link (auto, life), and on Medicare one unticked checkbox per entity of the brand
 * record (42 CFR 422.2274(g)(4)). The checkboxes are plain form inputs: without JavaScript they
 * post as `consentSeller:{id}=yes`, and the island copies the ticked ones into its JSON values.
 */
import { sellerFieldName } from '../../../shared/consent/sellers';
import type { Language } from '../../../routes/schema';
import { consentCopy } from '../../consent/copy';

export interface ConsentProps {
  version: string;
  text: string;
  /** A phrase of the text that links to the brand's /partners page. */
  link?: { text: string; href: string };
  /** Medicare: the entities the visitor may accept one by one. */
  sellers?: { id: string; name: string }[];
}

function TextWithLink({ consent }: { consent: ConsentProps }) {
  const at = consent.link ? consent.text.indexOf(consent.link.text) : -1;
  if (!consent.link || at < 0) return <>{consent.text}</>;
  return (
    <>
      {consent.text.slice(0, at)}
      <a href={consent.link.href} target="_blank" rel="noopener">
        {consent.link.text}
      </a>
      {consent.text.slice(at + consent.link.text.length)}
    </>
  );
}

export function ConsentBlock({
  consent,
  language,
  idPrefix,
}: {
  consent: ConsentProps;
  language: Language;
  idPrefix: string;
}) {
  const copy = consentCopy(language);
  return (
    <>
      <input type="hidden" name="consentVersion" value={consent.version} />
      {consent.sellers?.length ? (
        <fieldset className="sellers" aria-describedby={`${idPrefix}-consent`}>
          <legend>{copy.sellersLegend}</legend>
          {consent.sellers.map((s) => (
            <label key={s.id}>
              <input
                type="checkbox"
                name={sellerFieldName(s.id)}
                value="yes"
                defaultChecked={false}
                data-seller={s.id}
              />
              <span>{s.name}</span>
            </label>
          ))}
          <p className="hint">{copy.sellersNone}</p>
        </fieldset>
      ) : null}
      <p className="consent" id={`${idPrefix}-consent`}>
        <TextWithLink consent={consent} />
      </p>
    </>
  );
}

/** The ticked seller checkboxes of a form, as the values the Worker reads. */
export function tickedSellerValues(form: HTMLFormElement | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!form) return out;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type=checkbox][data-seller]')) {
    if (input.checked) out[input.name] = 'yes';
  }
  return out;
}
