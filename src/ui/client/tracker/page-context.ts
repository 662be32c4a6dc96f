import type { PageInfo } from '../../../shared/tracking/event-context';
import type { PageTracking } from '../../../shared/tracking/page-tracking';
import { isObject } from './storage';

/** What the tracker needs from `<script id="page-context">` (written by src/worker/pages.ts). */
export interface TrackerPage {
  brand: { id: string; name: string };
  page: PageInfo;
  tracking: PageTracking;
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** The `<script id="page-context">` JSON the server embedded, or an empty object when absent or unreadable. */
export function pageContextJson(doc: Document = document): Record<string, unknown> {
  try {
    const raw: unknown = JSON.parse(doc.getElementById('page-context')?.textContent ?? 'null');
    return isObject(raw) ? raw : {};
  } catch {
    return {};
  }
}

/**
 * Reads the page context the server embedded. It is our own server's output, so this checks
 * shape rather than parsing with zod (which would triple the tracker's size); anything
 * missing gets a harmless default and the events still flow.
 */
export function readPageContext(doc: Document = document): TrackerPage {
  const root = pageContextJson(doc);
  const brand = isObject(root.brand) ? root.brand : {};
  const page = isObject(root.page) ? root.page : {};
  const step = isObject(root.step) ? root.step : null;
  const tracking = isObject(root.tracking) ? root.tracking : {};
  const experiment = isObject(tracking.experiment) ? tracking.experiment : null;
  return {
    brand: { id: str(brand.id), name: str(brand.name) },
    page: {
      ...page,
      name: str(page.name, 'unknown'),
      step: step
        ? {
            name: str(step.name),
            number: typeof step.number === 'number' ? step.number : 0,
            fallback: step.fallback === true,
          }
        : null,
    },
    tracking: {
      sessionId: str(tracking.sessionId, 'no-session'),
      paid: tracking.paid === true,
      urlParams: isObject(tracking.urlParams) ? tracking.urlParams : {},
      anonymousId: str(tracking.anonymousId, str(root.visitorId, 'unknown-visitor')),
      experiment: experiment
        ? { experimentId: str(experiment.experimentId), variantId: str(experiment.variantId) }
        : null,
      ...(tracking.gpc === true ? { gpc: true } : {}),
    },
  };
}
