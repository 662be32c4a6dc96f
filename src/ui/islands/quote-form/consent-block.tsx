/**
 * The consent disclosure of the consent step: the text with the brand's partner
 * list as a link (auto, life), and on Medicare one unticked checkbox per entity of the brand
 * record (42 CFR 422.2274(g)(4)), each saying what ticking it does. The checkboxes are plain form
 * inputs: without JavaScript they post as `consentSeller:{id}=yes`, and the island copies the
 * ticked ones into its JSON values.
 *
 * A version shown `in_view` (src/shared/consent/versions.ts) stands whole next to the button; the
 * <details> under it holds only a supplementary note the certificate does not attest. A
 * `behind_tap` version (auto, life) still shows its summary line with the full text one tap away
 * (docs/decisions/0240-medicare-consent-in-view.md). Either way the island records whether the
 * <details> was opened (`consentFullTextOpened`: empty without JavaScript, "not measured").
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { AD_SHARING_ASKED_FIELD, AD_SHARING_FIELD } from '../../../shared/consent/ad-sharing';
import { sellerFieldName } from '../../../shared/consent/sellers';
import { visibleConsent } from '../../../shared/consent/versions';
import type { Language } from '../../../routes/schema';
import { consentCopy } from '../../consent/copy';
import {
  CONSENT_VISIBILITY_FIELD,
  CONSENT_VISIBLE_ATTR,
  PAGE_SNAPSHOT_FIELD,
} from '../../../shared/consent/visibility';
import { measureConsentVisibility } from './consent-visibility';
import { servedSnapshotHash } from './served-snapshot';

/** The hidden field that says whether the <details> of the consent was opened. */
export const FULL_TEXT_OPENED_FIELD = 'consentFullTextOpened';

export interface ConsentProps {
  version: string;
  text: string;
  /** The button label the text names; the step's main button shows exactly this. */
  action: string;
  /** A phrase of the text that links to the brand's /partners page. */
  link?: { text: string; href: string };
  /** Medicare: the entities the visitor may accept one by one. */
  sellers?: { id: string; name: string }[];
  /** The page's earlier version was no longer accepted: the visitor is asked again. */
  renewed?: boolean;
  /** The companies already ticked (a step shown again as posted, without JavaScript). */
  ticked?: string[];
  /** SHA-256 of the Worker's snapshot of this step as served (src/worker/consent/page-snapshot.ts). */
  snapshot?: string;
  /** The ad-sharing checkbox (src/shared/consent/ad-sharing.ts): its label, exactly as certified. */
  adSharing?: { label: string };
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
  const visible = visibleConsent({ ...consent, language });
  // Empty as served (no JavaScript: not measured); "no" once the island runs, "yes" once opened.
  const openedRef = useRef<HTMLInputElement>(null);
  // The step as served names its snapshot; a step the island showed in the page asks for it.
  const [snapshot, setSnapshot] = useState(consent.snapshot);
  useEffect(() => {
    if (consent.snapshot) return;
    let live = true;
    void servedSnapshotHash(`${location.pathname}${location.search}`).then((hash) => {
      if (live && hash) setSnapshot(hash);
    });
    return () => {
      live = false;
    };
  }, [consent.snapshot]);
  useEffect(() => {
    if (openedRef.current && !openedRef.current.value) openedRef.current.value = 'no';
    // When the step came to be on screen for the island: the time on step is counted from here.
    if (openedRef.current && !openedRef.current.dataset.shownAt)
      openedRef.current.dataset.shownAt = String(performance.now());
  }, []);
  const sellers = consent.sellers?.length ? (
    <fieldset className="sellers" aria-describedby={`${idPrefix}-consent`}>
      <legend className={visible?.attestedInView ? 'sr-only' : undefined}>{copy.sellersLegend}</legend>
      {consent.sellers.map((s) => (
        <label key={s.id}>
          <input
            type="checkbox"
            name={sellerFieldName(s.id)}
            value="yes"
            defaultChecked={consent.ticked?.includes(s.id) ?? false}
            data-seller={s.id}
          />
          <span>{visible?.attestedInView ? copy.sellerShare.replace('{company}', s.name) : s.name}</span>
        </label>
      ))}
    </fieldset>
  ) : null;
  const hidden = (
    <>
      <input type="hidden" name="consentVersion" value={consent.version} />
      <input ref={openedRef} type="hidden" name={FULL_TEXT_OPENED_FIELD} defaultValue="" />
      {snapshot ? <input type="hidden" name={PAGE_SNAPSHOT_FIELD} value={snapshot} /> : null}
      {consent.renewed ? (
        <p className="error" role="alert">
          {copy.consentRenewed}
        </p>
      ) : null}
    </>
  );
  if (visible?.attestedInView) {
    // Everything attested in view next to the button; the note under the button is not the consent.
    return (
      <>
        {hidden}
        {sellers}
        <p
          className="consent consent--in-view"
          id={`${idPrefix}-consent`}
          data-consent-attested=""
          {...{ [CONSENT_VISIBLE_ATTR]: '' }}
        >
          <TextWithLink consent={consent} />
        </p>
      </>
    );
  }
  return (
    <>
      {hidden}
      {sellers}
      {/* The summary is the toggle: one tap on it shows the full text, with no line of its own. */}
      <details className="consent-full" onToggle={markOpened}>
        <summary>
          <span className="consent-summary" id={`${idPrefix}-consent-summary`} {...{ [CONSENT_VISIBLE_ATTR]: '' }}>
            {visible?.text}
          </span>{' '}
          <span className="consent-full__more">{copy.fullConsent}</span>
        </summary>
        <p className="consent" id={`${idPrefix}-consent`} data-consent-attested="">
          <TextWithLink consent={consent} />
        </p>
        {medicare ? <p className="hint">{copy.sellersNone}</p> : null}
      </details>
    </>
  );
}

/** Records on the form's hidden field that the consent's <details> was opened. */
function markOpened(event: SyntheticEvent<HTMLDetailsElement>): void {
  if (!event.currentTarget.open) return;
  const field = event.currentTarget
    .closest('form')
    ?.querySelector<HTMLInputElement>(`input[name="${FULL_TEXT_OPENED_FIELD}"]`);
  if (field) field.value = 'yes';
}

/**
 * Under the button of a version shown in view (Medicare): a supplementary note, one tap away,
 * that the certificate does not attest (texts and rates, opting out, no box ticked).
 */
export function ConsentNote({ consent, language }: { consent: ConsentProps; language: Language }) {
  const copy = consentCopy(language);
  if (!consent.sellers?.length || !visibleConsent({ ...consent, language })?.attestedInView) return null;
  return (
    <details className="consent-more" onToggle={markOpened}>
      <summary>{copy.consentMore}</summary>
      <p className="hint">{copy.consentMoreText}</p>
    </details>
  );
}

/**
 * The ad-sharing box, under the step's button: unticked until the visitor ticks it, and the hidden
 * field says it was shown, so unticked means no. Under the button, not above it, so the button
 * stays in view on a phone; a visitor who does not see it shares nothing, the safe side.
 */
export function AdSharingBox({ consent }: { consent: ConsentProps }) {
  if (!consent.adSharing) return null;
  return (
    <label className="ad-sharing">
      <input type="hidden" name={AD_SHARING_ASKED_FIELD} value="yes" />
      <input type="checkbox" name={AD_SHARING_FIELD} value="yes" defaultChecked={false} data-ad-sharing="" />
      <span>{consent.adSharing.label}</span>
    </label>
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

/** The ad-sharing answer as the Worker reads it from a plain post: ticked or not, and that it was asked. */
export function adSharingValues(form: HTMLFormElement | null): Record<string, string> {
  const box = form?.querySelector<HTMLInputElement>('input[type=checkbox][data-ad-sharing]');
  if (!box) return {};
  return { [AD_SHARING_ASKED_FIELD]: 'yes', ...(box.checked ? { [AD_SHARING_FIELD]: 'yes' } : {}) };
}

/** Whether the island saw the consent's <details> opened ("yes", "no"; absent without JavaScript). */
export function fullTextOpenedValue(form: HTMLFormElement | null): Record<string, string> {
  const field = form?.querySelector<HTMLInputElement>(`input[name="${FULL_TEXT_OPENED_FIELD}"]`);
  return field?.value ? { [FULL_TEXT_OPENED_FIELD]: field.value } : {};
}

/**
 * The final step's evidence of what was shown: the snapshot the Worker served (its hash, from
 * the hidden field) and what the browser measured of the disclosure as `pressed` sent the step.
 */
export function consentEvidenceValues(
  form: HTMLFormElement | null,
  pressed: HTMLElement | null,
): Record<string, string> {
  const snapshot = form?.querySelector<HTMLInputElement>(`input[name="${PAGE_SNAPSHOT_FIELD}"]`)?.value;
  const opened = form?.querySelector<HTMLInputElement>(`input[name="${FULL_TEXT_OPENED_FIELD}"]`);
  const report = measureConsentVisibility(form, {
    pressed,
    shownAt: Number(opened?.dataset.shownAt ?? '0'),
    fullTextOpened: opened?.value === 'yes',
  });
  return {
    ...(snapshot ? { [PAGE_SNAPSHOT_FIELD]: snapshot } : {}),
    ...(report ? { [CONSENT_VISIBILITY_FIELD]: JSON.stringify(report) } : {}),
  };
}
