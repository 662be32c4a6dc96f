import { html, raw } from 'hono/html';
import type { QueueEntry, QueueFilters } from './queue';

/**
 * The review queue as the operator's browser shows it: one row per lead with its evidence and
 * its review, and for a pending lead a release and a reject form (plain same-origin posts, no
 * script; the signed-in session cookie authorises them). The operator names themselves in each
 * post: the report token is shared and names no one.
 */
const STYLE = `body{font:15px system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}code{font-size:.85em}
form{display:inline-flex;gap:.3rem;margin:.15rem 0}input,button{font:inherit;padding:.25rem .4rem}nav a{margin-right:.8rem}
.note{color:#555}details pre{white-space:pre-wrap;max-width:28rem}`;

const STATES: QueueFilters['state'][] = ['pending', 'released', 'rejected', 'all'];

function actions(entry: QueueEntry) {
  if (entry.review) {
    const to = entry.review.recipients.map((r) => r.name).join(', ');
    return html`<strong>${entry.review.action}</strong> by ${entry.review.by}<br /><time>${entry.review.at}</time>${
      to ? html`<br />to ${to}` : ''
    }`;
  }
  if (entry.delivery !== 'withheld') return html`${entry.delivery ?? ''}`;
  return html`${(['release', 'reject'] as const).map(
    (action) =>
      html`<form method="post" action="/ops/review/${entry.id}/${action}">
        <label
          >Your name <input name="by" required maxlength="80" autocomplete="name" aria-label="Your name (${action})"
        /></label>
        <button type="submit">${action === 'release' ? 'Release' : 'Reject'}</button>
      </form>`,
  )}`;
}

export function renderQueuePage(entries: QueueEntry[], filters: QueueFilters, nonce: string) {
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Withheld leads: review</title>
<style nonce="${nonce}">${raw(STYLE)}</style></head>
<body><h1>Withheld leads</h1>
<nav aria-label="Queue">${STATES.map((s) =>
    s === filters.state ? html`<strong>${s}</strong> ` : html`<a href="?state=${s}">${s}</a>`,
  )}<a href="?state=${filters.state}&amp;format=json">JSON</a></nav>
<p class="note">Releasing sets the trust verdict aside; every other rule (opt-outs, the same person, consent, completeness) is judged again and a lead that breaks one is not released. Nothing personal is shown here.</p>
<table><thead><tr><th>Created</th><th>Lead</th><th>Brand, product, page</th><th>Withheld for</th><th>Trust</th><th>Review</th></tr></thead>
<tbody>${entries.map(
    (e) => html`<tr>
<td><time>${e.created_at}</time></td>
<td><code>${e.id}</code>${e.certificate_id ? html`<br /><a href="/certificates/${e.certificate_id}">certificate</a>` : ''}</td>
<td>${e.brand} · ${e.product} · ${e.page}<br />${e.status ?? ''}${e.duplicate_of ? html` of <code>${e.duplicate_of}</code>` : ''}</td>
<td>${e.withheld_reasons.join(', ')}</td>
<td>${e.trust.verdict ?? 'unscored'}: ${e.trust.reasons.join(', ')}<br />turnstile ${e.trust.turnstile ?? '–'}
<details><summary>signals</summary><pre>${JSON.stringify(e.trust.signals, null, 1)}</pre></details></td>
<td>${actions(e)}</td></tr>`,
  )}</tbody></table>
${entries.length === 0 ? html`<p>No lead here.</p>` : ''}
</body></html>`;
}
