/**
 * Spec 7.5 and 5 (zip resolution): whenever the visitor's resolved zip changes, the page
 * asks GET /api/location?zip_code= and the Worker stores the answer as the visitor's
 * location (used by the steps after the zip and by partner calls). The resolved zip is the
 * form's zip field once it holds 5 digits, else the zip the server resolved (the zip_code
 * parameter, then the edge's ip postal code). The answer is announced to the form island as
 * a `quote:location` window event (`{ zip, unknown: true }` for a zip with no known place). A failed lookup is
 * reported through the Worker (spec section 8), never shown.
 */
import { fetchWithRetry } from '../../shared/fetch-client';
import type { PageExtras } from './page-extras';
import { readJson, writeJson } from './tracker/storage';

const LOCATION_EVENT = 'quote:location';
const LOCATED_KEY = 'qf_located_zip';
const ZIP = /^\d{5}$/;
/** Typing settles before a lookup: a zip corrected within this window costs one lookup. */
const SETTLE_MS = 350;

type Report = (kind: 'location', message: string, status?: number) => void;

function announce(place: unknown): void {
  dispatchEvent(new CustomEvent(LOCATION_EVENT, { detail: place }));
}

export function startLocation(extras: PageExtras, report: Report): void {
  const stored = readJson('session', LOCATED_KEY);
  let located: string | null = extras.located ?? (typeof stored === 'string' ? stored : null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lookUp = async (zip: string) => {
    located = zip;
    writeJson('session', LOCATED_KEY, zip);
    try {
      // no-store: the Worker must see every change to store it (A, B, then A again). A GET:
      // asked once more on a passing failure (spec 7, general fetch behaviour).
      const res = await fetchWithRetry(`/api/location?zip_code=${zip}`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (res.status === 404) {
        // The form island tells the visitor this ZIP code is not one we know.
        announce({ zip, unknown: true });
        return;
      }
      if (!res.ok) {
        report('location', `location answered ${res.status}`, res.status);
        return;
      }
      const body = (await res.json()) as { location?: unknown };
      announce(body.location ?? null);
    } catch (error) {
      report('location', error instanceof Error ? error.message : 'location lookup failed');
    }
  };

  const resolved = (): string | null => {
    const field = document.querySelector<HTMLInputElement>('input[name="zipcode"]');
    if (field && ZIP.test(field.value)) return field.value;
    return extras.zip && ZIP.test(extras.zip) ? extras.zip : null;
  };

  const check = () => {
    const zip = resolved();
    if (zip !== null && zip !== located) void lookUp(zip);
  };

  check();
  document.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.name !== 'zipcode') return;
    clearTimeout(timer);
    timer = setTimeout(check, SETTLE_MS);
  });
}
