import { Hono, type Context } from 'hono';
import type { SandboxState } from './behaviour';
import { applyFault, truncatedJson } from './faults';

/**
 * Cloudflare Turnstile stand-in, mounted at /turnstile like the real
 * `https://challenges.cloudflare.com/turnstile`:
 * - `GET /turnstile/v0/api.js`: a widget script with the real API surface the form island uses
 *   (`turnstile.render`, `execute`, `getResponse`, `reset`, `remove`, `?onload=`); it hands out
 *   a token at once (no iframe, no network) and fills the `cf-turnstile-response` field;
 * - `POST /turnstile/v0/siteverify`: the siteverify protocol, form-encoded or JSON body with
 *   `secret`, `response`, `remoteip` (and `idempotency_key`). Scoped by `remoteip`, so a test
 *   switches behaviours for its own client ip only: normal (pass), fail (not valid), slow (a
 *   hang: the Worker's timeout), error (503), malformed (a cut-off body).
 * A token the stand-in widget did not mint is refused like a forged one (`invalid-input-response`).
 * As Cloudflare documents it, a token is redeemed once: the same token again is refused with
 * `timeout-or-duplicate`, unless it comes with the same `idempotency_key` as its first
 * redemption (a retried check), which answers the first result again. The widget writes the
 * page's hostname and the `action` it was rendered with into the token, and siteverify answers
 * them, as the real service does from its own records.
 */
const TOKEN_PREFIX = '0.sandbox-turnstile.';
const MAX_TOKEN_LENGTH = 2048;
/** What the stand-in widget mints: the prefix, 48 hex digits and, after a dot, base64url JSON of `{ h: hostname, a: action }`. */
const MINTED = /^0\.sandbox-turnstile\.[0-9a-f]{32,64}(\.[A-Za-z0-9_-]{1,512})?$/;

/** The hostname and action a minted token carries (empty when it carries none). */
export function tokenClaims(token: string): { hostname: string; action: string } {
  const packed = token.split('.')[3];
  if (!packed) return { hostname: '', action: '' };
  try {
    const json = JSON.parse(Buffer.from(packed, 'base64url').toString('utf8')) as { h?: unknown; a?: unknown };
    return { hostname: typeof json.h === 'string' ? json.h : '', action: typeof json.a === 'string' ? json.a : '' };
  } catch {
    return { hostname: '', action: '' };
  }
}

const WIDGET_JS = `(function(){
var w=window,n=0,widgets={};
function token(p){var a=new Uint8Array(24);crypto.getRandomValues(a);var c=btoa(JSON.stringify({h:location.hostname,a:(p&&p.action)||''})).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');return '${TOKEN_PREFIX}'+Array.prototype.map.call(a,function(b){return b.toString(16).padStart(2,'0');}).join('')+'.'+c;}
function el(c){return typeof c==='string'?document.querySelector(c):c;}
function issue(id){var x=widgets[id];if(!x)return;x.token=token(x.params);if(x.input)x.input.value=x.token;var cb=x.params.callback;if(typeof cb==='function')setTimeout(function(){cb(x.token);},0);}
w.__sandboxTurnstile={renders:0};
w.turnstile={
render:function(container,params){var c=el(container);if(!c)throw new Error('turnstile: no container');params=params||{};var id='sandbox-'+(++n);var input=null;
if(params['response-field']!==false){input=document.createElement('input');input.type='hidden';input.name=params['response-field-name']||'cf-turnstile-response';c.appendChild(input);}
widgets[id]={params:params,token:null,input:input};w.__sandboxTurnstile.renders++;
if(params.execution!=='execute')issue(id);return id;},
execute:function(container){for(var id in widgets){issue(id);}},
getResponse:function(id){var x=id?widgets[id]:widgets[Object.keys(widgets)[0]];return x&&x.token?x.token:undefined;},
isExpired:function(){return false;},
reset:function(id){var x=widgets[id];if(x){x.token=null;if(x.input)x.input.value='';if(x.params.execution!=='execute')issue(id);}},
remove:function(id){var x=widgets[id];if(x&&x.input&&x.input.parentNode)x.input.parentNode.removeChild(x.input);delete widgets[id];},
ready:function(f){f();}
};
var s=document.currentScript,m=s&&/[?&]onload=([A-Za-z_$][\\w$]*)/.exec(s.src);
if(m&&typeof w[m[1]]==='function')setTimeout(function(){w[m[1]]();},0);
})();`;

async function siteverifyBody(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.startsWith('application/json')) {
      const json = (await c.req.json()) as unknown;
      if (typeof json !== 'object' || json === null) return {};
      return Object.fromEntries(Object.entries(json).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
    const form = await c.req.parseBody();
    return Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function turnstileRoutes(state: SandboxState) {
  const app = new Hono();
  /** Tokens redeemed, with the idempotency key of their first redemption and its reply. */
  const redeemed = new Map<string, { key: string; reply: unknown }>();
  app.get('/v0/api.js', (c) =>
    c.body(WIDGET_JS, 200, {
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    }),
  );
  app.post('/v0/siteverify', async (c) => {
    const body = await siteverifyBody(c);
    const scope = body.remoteip ?? null;
    // The token is not recorded whole: only whether one came and its length.
    state.record(
      'turnstile',
      '/siteverify',
      {
        secret: body.secret ? 'present' : 'missing',
        response: body.response ? `${body.response.length} chars` : null,
        remoteip: scope,
      },
      scope,
    );
    const setting = state.settingFor('turnstile', scope);
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (setting.behaviour === 'malformed') return truncatedJson(c);
    const refuse = (codes: string[]) => c.json({ success: false, 'error-codes': codes, messages: [] });
    if (!body.secret) return refuse(['missing-input-secret']);
    if (!body.response) return refuse(['missing-input-response']);
    if (body.response.length > MAX_TOKEN_LENGTH || !MINTED.test(body.response))
      return refuse(['invalid-input-response']);
    if (setting.behaviour === 'fail') return refuse(['invalid-input-response']);
    const key = body.idempotency_key ?? '';
    const spent = redeemed.get(body.response);
    if (spent) {
      if (key !== '' && spent.key === key) return c.json(spent.reply);
      return refuse(['timeout-or-duplicate']);
    }
    const claims = tokenClaims(body.response);
    const reply = {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: claims.hostname,
      'error-codes': [],
      action: claims.action,
      cdata: '',
      metadata: { interactive: false },
    };
    redeemed.set(body.response, { key, reply });
    if (redeemed.size > 50_000) redeemed.delete(redeemed.keys().next().value ?? '');
    return c.json(reply);
  });
  return app;
}
