/**
 * The consent disclosure of the consent step: the text with the brand's partner
 * list as a link (auto, life), and on Medicare one unticked checkbox per entity of the brand
 * record (42 CFR 422.2274(g)(4)). The checkboxes are plain form inputs: without JavaScript they
 * post as `consentSeller:{id}=yes`, and the island copies the ticked ones into its JSON values.
 *
 * Compact, so the step fits one phone screen: the checkboxes and a short summary in view, the
 * full text (the one hashed into the catalog, unchanged) one tap away in a native <details>,
 * which opens without JavaScript and keeps the text in the page
 * (docs/decisions/0143-contact-step-action-and-compact-consent.md).
 */
import { sellerFieldName } from '../../../shared/consent/sellers';
import type { Language } from '../../../routes/schema';
import { consentCopy } from '../../consent/copy';

export interface ConsentProps {
  version: string;
  text: string;
  /** The button label the text names; the step's main button shows exactly this. */
  action: string;
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
  const medicare = Boolean(consent.sellers?.length);
  const summary = (medicare ? copy.consentSummaryMedicare : copy.consentSummary).replace('{action}', consent.action);
  return (
    <>
      <input type="hidden" name="consentVersion" value={consent.version} />
      {consent.sellers?.length ? (
        <fieldset className="sellers" aria-describedby={`${idPrefix}-consent-summary`}>
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
        </fieldset>
      ) : null}
      {/* The summary is the toggle: one tap on it shows the full text, with no line of its own. */}
      <details className="consent-full">
        <summary>
          <span className="consent-summary" id={`${idPrefix}-consent-summary`}>
            {summary}
          </span>{' '}
          <span className="consent-full__more">{copy.fullConsent}</span>
        </summary>
        <p className="consent" id={`${idPrefix}-consent`}>
          <TextWithLink consent={consent} />
        </p>
        {medicare ? <p className="hint">{copy.sellersNone}</p> : null}
      </details>
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
