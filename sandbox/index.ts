/**
 * The local partner sandbox: one Hono app that answers like MediaAlpha, QuoteWizard, IPQS,
 * the geo service, Turnstile's siteverify, the operator's alert webhook, Google's Data Manager API
 * (with its OAuth token endpoint) and Meta's Conversions API, and serves stand-ins for the Turnstile widget,
 * and stand-ins for the tag-manager and ad-serving scripts, so the whole
 * funnel runs offline. `npm start` and the tests start it; behaviours are switched per
 * partner through /__sandbox/behaviour (see behaviour.ts).
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { alertRoutes } from './alerts';
import { buyerRoutes } from './buyer';
import { behaviourRoutes, SandboxState } from './behaviour';
import { deletionRoutes } from './deletions';
import { geoRoutes } from './geo';
import { ipqsRoutes } from './ipqs';
import { mediaAlphaRoutes } from './mediaalpha';
import { quoteWizardRoutes } from './quotewizard';
import { scriptRoutes } from './scripts';
import { sellerRoutes } from './sellers';
import { turnstileRoutes } from './turnstile';
import { googleRoutes } from './google-data-manager';
import { metaCapiRoutes } from './meta-capi';
import { payoutRoutes } from './payouts';

export function createSandboxApp(state = new SandboxState()) {
  const app = new Hono();
  app.route('/__sandbox', behaviourRoutes(state));
  app.route('/mediaalpha', mediaAlphaRoutes(state));
  app.route('/quotewizard', quoteWizardRoutes(state));
  // Consumer deletion requests for leads a partner received (recorded with the full path).
  app.route('/quotewizard', deletionRoutes(state, 'quotewizard', true));
  app.route('/mediaalpha', deletionRoutes(state, 'mediaalpha', true));
  app.route('/sellers/:seller', deletionRoutes(state, 'sellers', false));
  app.route('/ipqs', ipqsRoutes(state));
  app.route('/geo', geoRoutes(state));
  app.route('/turnstile', turnstileRoutes(state));
  app.route('/sellers', sellerRoutes(state));
  app.route('/alerts', alertRoutes(state));
  app.route('/buyer', buyerRoutes());
  const google = googleRoutes(state);
  app.route('/google-oauth', google.oauth);
  app.route('/google-data-manager', google.dataManager);
  app.route('/meta-capi', metaCapiRoutes(state));
  app.route('/__sandbox', payoutRoutes());
  app.route('/', scriptRoutes());
  app.notFound((c) => c.json({ status: 'ERROR', errors: [`sandbox: no route ${c.req.method} ${c.req.path}`] }, 404));
  return { app, state };
}

export interface RunningSandbox {
  origin: string;
  state: SandboxState;
  close(): Promise<void>;
}

/** Starts the sandbox on 127.0.0.1 (port 0 picks a free one). */
export function startSandbox(port = 0): Promise<RunningSandbox> {
  const { app, state } = createSandboxApp();
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        state,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
