import type { UrlParams } from './session-params';

/** An experiment assignment shown on this page; the tracker sends enteredExperiment once per visitor and experiment. */
export interface ExperimentAssignment {
  experimentId: string;
  variantId: string;
}

/**
 * The tracking part of the page context (`<script id="page-context">`, key `tracking`):
 * decided by the Worker, read by the browser tracker. No personal data.
 */
export interface PageTracking {
  sessionId: string;
  paid: boolean;
  /** Tracked parameters of the session's first request, kept after the address is cleaned. */
  urlParams: UrlParams;
  /** The anonymous visitor id (cookie qf_aid), mirrored by the tracker in local storage. */
  anonymousId: string;
  experiment: ExperimentAssignment | null;
  /** Global Privacy Control; the tracker then pushes nothing to the data layer. */
  gpc?: boolean;
}
