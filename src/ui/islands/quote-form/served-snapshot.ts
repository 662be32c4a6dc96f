/**
 * The snapshot hash of a consent step the island showed without the Worker serving it: a visitor
 * who walks to the consent step in the page gets its parts, not its HTML, so the served form's
 * hidden `pageSnapshot` field is missing and the certificate could only say `not_reported`. The
 * island asks the Worker for the step at its own address, as a reload would, and reads the hash
 * from the form it serves: the Worker renders and stores that step's snapshot as for any view of
 * it (src/worker/consent/step-snapshot.ts), and judges the hash posted back like any other
 * (page-evidence.ts: this brand, page, step and consent version, or refused).
 */
import { fetchWithRetry } from '../../../shared/fetch-client';
import { PAGE_SNAPSHOT_FIELD } from '../../../shared/consent/visibility';

const HASH_FIELD = new RegExp(`name="${PAGE_SNAPSHOT_FIELD}" value="([0-9a-f]{64})"`);

/** The hash the Worker's served form of `path` carries; null when it carries none or the fetch fails. */
export async function servedSnapshotHash(path: string): Promise<string | null> {
  try {
    const response = await fetchWithRetry(path, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    return HASH_FIELD.exec(await response.text())?.[1] ?? null;
  } catch {
    return null;
  }
}
