import { renderToReadableStream } from 'react-dom/server';
import type { Brand } from '../../../brands';
import { scriptJson } from '../document';
import { brandCss, FAVICON_PATH } from '../brand-identity';
import { STYLESHEET_PARTS } from '../stylesheet-parts';
import type { LogStatus } from '../../shared/consent/log-status';
import { CertificateLog } from './certificate-log';

/**
 * The readable page of a lead certificate (GET /certificates/{id}): what was consented to,
 * when, on which page, and a verdict computed in the browser: the signature checked with
 * WebCrypto against the published JWKS, and the consent text's SHA-256 against the catalog.
 * Nothing here trusts the server's word: the script only uses public inputs. No tracking.
 */
export interface CertificateView {
  id: string;
  jws: string;
  payload: {
    lead_id?: unknown;
    brand?: { id?: unknown; name?: unknown };
    page_url?: unknown;
    created_at?: unknown;
    issued_at?: unknown;
    consent?: { version?: unknown; language?: unknown; sha256?: unknown } | null;
    shown?: { version?: unknown; visible_sha256?: unknown; attested_in_view?: unknown; full_text_opened?: unknown };
    fields?: unknown;
    steps?: unknown;
    gpc?: unknown;
    contact?: { phone_fingerprint?: unknown; email_fingerprint?: unknown };
    lead_status?: unknown;
    action?: unknown;
    trust?: unknown;
    sellers?: unknown;
    recipients?: unknown;
    partner_list?: { version?: unknown; sha256?: unknown };
    disclaimer_version?: unknown;
    page?: { snapshot_sha256?: unknown; status?: unknown; reason?: unknown };
    visibility?: { status?: unknown; refused?: unknown; disclosure_in_view?: unknown; report?: unknown };
  };
  consentText: string | null;
  /** Where it stands in the public log, as its JSON says (`log.status`). */
  log: LogStatus;
}

/** Verifies in the browser; plain ES2020, no imports, run under the page's CSP nonce. */
export const VERIFY_SCRIPT = `(async()=>{
const el=document.getElementById('cert-status');const textEl=document.getElementById('cert-text-status');
const b=(x)=>Uint8Array.from(atob(x.replace(/-/g,'+').replace(/_/g,'/')),(c)=>c.charCodeAt(0));
const hex=(buf)=>Array.from(new Uint8Array(buf),(x)=>x.toString(16).padStart(2,'0')).join('');
const set=(node,state,text)=>{if(node){node.dataset.state=state;node.textContent=text;}};
try{
const jws=JSON.parse(document.getElementById('cert-jws').textContent);
const parts=jws.split('.');if(parts.length!==3)throw new Error('not a compact JWS');
const header=JSON.parse(new TextDecoder().decode(b(parts[0])));
const payload=JSON.parse(new TextDecoder().decode(b(parts[1])));
const res=await fetch('/.well-known/lead-certificates.json',{cache:'no-store'});
const jwks=await res.json();
const jwk=(jwks.keys||[]).find((k)=>k.kid===header.kid);
if(header.alg!=='EdDSA'||!jwk)throw new Error('the signing key '+header.kid+' is not published');
const key=await crypto.subtle.importKey('jwk',{kty:jwk.kty,crv:jwk.crv,x:jwk.x},{name:'Ed25519'},false,['verify']);
const ok=await crypto.subtle.verify({name:'Ed25519'},key,b(parts[2]),new TextEncoder().encode(parts[0]+'.'+parts[1]));
set(el,ok?'valid':'invalid',ok?'Signature valid (key '+header.kid+', published at /.well-known/lead-certificates.json)':'Signature NOT valid: this certificate was altered or not signed by us');
if(ok&&payload.consent&&payload.consent.sha256){
const t=await fetch('/api/consent-texts/'+payload.consent.sha256,{cache:'no-store'});
if(!t.ok){set(textEl,'invalid','Consent text not found in the catalog');}else{
const body=await t.json();const h=hex(await crypto.subtle.digest('SHA-256',new TextEncoder().encode(body.text)));
set(textEl,h===payload.consent.sha256?'valid':'invalid',h===payload.consent.sha256?'Consent text matches its SHA-256':'Consent text does NOT match its SHA-256');}}
}catch(e){set(el,'invalid','Signature could not be verified: '+(e&&e.message?e.message:String(e)));}
})();`;

const str = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '—' : JSON.stringify(value);

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function CertificateBody({ view }: { view: CertificateView }) {
  const p = view.payload;
  const steps = list(p.steps).filter((s): s is { step: unknown; at: unknown } => typeof s === 'object' && s !== null);
  const sellers = list(p.sellers).filter(
    (s): s is { name: unknown; accepted: unknown } => typeof s === 'object' && s !== null,
  );
  return (
    <main id="main" className="wrap cert">
      <h1>Lead certificate</h1>
      <p id="cert-status" className="cert__status" data-state="pending" role="status">
        Checking the signature in your browser…
      </p>
      <dl>
        <dt>Certificate</dt>
        <dd>{view.id}</dd>
        <dt>Lead</dt>
        <dd>{str(p.lead_id)}</dd>
        <dt>Brand</dt>
        <dd>{str(p.brand?.name)}</dd>
        <dt>Page</dt>
        <dd>{str(p.page_url)}</dd>
        <dt>Consented at</dt>
        <dd>{str(p.created_at)}</dd>
        <dt>Certificate issued</dt>
        <dd>{str(p.issued_at)}</dd>
        <dt>Fields on the consent step</dt>
        <dd>{list(p.fields).map(str).join(', ') || '—'}</dd>
        <dt>Global Privacy Control</dt>
        <dd>{p.gpc === true ? 'yes (Sec-GPC: 1)' : 'no'}</dd>
        <dt>Action</dt>
        <dd>{str(p.action)}</dd>
        <dt>Lead status when signed</dt>
        <dd>{str(p.lead_status)}</dd>
        <dt>Received by</dt>
        <dd>
          {list(p.recipients)
            .map((r) => str((r as { name?: unknown } | null)?.name))
            .join(', ') || 'nobody (not shared)'}
        </dd>
        <dt>Partner list relied on</dt>
        <dd>
          {str(p.partner_list?.version)} (SHA-256 {str(p.partner_list?.sha256)})
        </dd>
        <dt>Phone fingerprint (keyed, matched only by the issuer)</dt>
        <dd>{str(p.contact?.phone_fingerprint)}</dd>
        <dt>Email fingerprint (keyed, matched only by the issuer)</dt>
        <dd>{str(p.contact?.email_fingerprint)}</dd>
        {p.disclaimer_version !== undefined ? (
          <>
            <dt>Medicare disclaimer shown</dt>
            <dd>{str(p.disclaimer_version)}</dd>
          </>
        ) : null}
        {p.trust !== undefined ? (
          <>
            <dt>Trust verdict</dt>
            <dd>{str(p.trust)}</dd>
          </>
        ) : null}
      </dl>
      <h2>Steps completed</h2>
      <ol>
        {steps.map((s, i) => (
          <li key={i}>
            {str(s.step)} at {str(s.at)}
          </li>
        ))}
      </ol>
      {sellers.length > 0 ? (
        <>
          <h2>Companies shown for consent</h2>
          <ul>
            {sellers.map((s, i) => (
              <li key={i}>
                {str(s.name)}: {s.accepted === true ? 'accepted' : 'not accepted'}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Consent text</h2>
      {p.consent ? (
        <p>
          Version {str(p.consent.version)}, {str(p.consent.language)}, SHA-256 <code>{str(p.consent.sha256)}</code> (
          <a href={`/api/consent-texts/${str(p.consent.sha256)}`}>catalog entry</a>)
        </p>
      ) : (
        <p>No consent text was recorded for this lead.</p>
      )}
      {p.shown ? (
        <p id="cert-shown">
          Shown without a tap: version {str(p.shown.version)},{' '}
          {p.shown.attested_in_view === true ? 'the whole consent text' : 'a summary line only'} (SHA-256{' '}
          <code>{str(p.shown.visible_sha256)}</code>); the consent&apos;s details opened:{' '}
          {p.shown.full_text_opened === 'not_measured'
            ? 'not measured (no JavaScript)'
            : p.shown.full_text_opened === true
              ? 'yes'
              : 'no'}
          .
        </p>
      ) : null}
      <StepAsShown id={view.id} payload={p} />
      <p id="cert-text-status" className="cert__status" data-state="pending" />
      {view.consentText ? <blockquote className="consent">{view.consentText}</blockquote> : null}
      <CertificateLog id={view.id} log={view.log} />
      <h2>Signed data</h2>
      <p>
        Compact JWS (EdDSA, Ed25519); <a href="/.well-known/lead-certificates.json">public keys</a>; the same as JSON:
        send <code>Accept: application/json</code>.
      </p>
      <pre className="card">{view.jws}</pre>
    </main>
  );
}

/** The consent step as served (its snapshot) and what the browser measured of it, as signed. */
function StepAsShown({ id, payload }: { id: string; payload: CertificateView['payload'] }) {
  const { page, visibility } = payload;
  if (!page && !visibility) return null;
  return (
    <div id="cert-step">
      {page?.status === 'served' ? (
        <p>
          The step as served: <a href={`/certificates/${id}/page`}>the page</a> (SHA-256{' '}
          <code>{str(page.snapshot_sha256)}</code>,{' '}
          <a href={`/api/page-snapshots/${str(page.snapshot_sha256)}`}>its HTML</a>); the visitor&apos;s answers show as
          field names, and with them only to the lead&apos;s holder (POST its phone or email to this address).
        </p>
      ) : page ? (
        <p>
          No snapshot of the step: {str(page.status)}
          {page.reason ? ` (${str(page.reason)})` : ''}.
        </p>
      ) : null}
      {visibility ? (
        <p>
          What the browser measured at the press: {str(visibility.status)}
          {visibility.status === 'not_measured' ? ' (no JavaScript)' : ''}
          {Array.isArray(visibility.refused) && visibility.refused.length > 0
            ? `; refused: ${visibility.refused.map(str).join('; ')}`
            : ''}
          {visibility.disclosure_in_view === true ? '; the disclosure was in view' : ''}
          {visibility.disclosure_in_view === false ? '; the disclosure was not wholly in view' : ''}.
        </p>
      ) : null}
    </div>
  );
}

export function renderCertificatePage(input: {
  brand: Brand;
  view: CertificateView;
  nonce: string;
}): Promise<ReadableStream<Uint8Array>> {
  const { brand, view, nonce } = input;
  return renderToReadableStream(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`Lead certificate ${view.id} - ${brand.name}`}</title>
        <link rel="icon" href={FAVICON_PATH} type="image/svg+xml" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLESHEET_PARTS.styles + brandCss(brand) }} />
      </head>
      <body>
        <CertificateBody view={view} />
        <script
          nonce={nonce}
          type="application/json"
          id="cert-jws"
          dangerouslySetInnerHTML={{ __html: scriptJson(view.jws) }}
        />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: VERIFY_SCRIPT }} />
      </body>
    </html>,
    { nonce },
  );
}
