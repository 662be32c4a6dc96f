import { Hono } from 'hono';

/**
 * Stand-ins for the two third-party scripts every page injects (spec section 2). They do
 * what the page relies on: the tag manager drains window.dataLayer, the ad script exposes
 * the global the ad listing checks for. Neither makes a network request.
 */
const GTM_JS = `(function(){var w=window,l=w.dataLayer=w.dataLayer||[];w.__sandboxGtm={events:[]};
function take(e){w.__sandboxGtm.events.push(e);}l.forEach(take);var p=l.push;l.push=function(){for(var i=0;i<arguments.length;i++)take(arguments[i]);return p.apply(l,arguments);};})();`;

const ADS_JS = `(function(){window.MediaAlphaExchange__sandbox=true;window.MediaAlphaExchange=window.MediaAlphaExchange||{ready:true};})();`;

export function scriptRoutes() {
  const app = new Hono();
  const js = {
    'content-type': 'application/javascript; charset=utf-8',
    'cache-control': 'public, max-age=300',
    'access-control-allow-origin': '*',
  };
  app.get('/gtm.js', (c) => c.body(GTM_JS, 200, js));
  app.get('/ns.html', (c) => c.html('<!doctype html><title>tag manager</title>'));
  app.get('/ads.js', (c) => c.body(ADS_JS, 200, js));
  return app;
}
