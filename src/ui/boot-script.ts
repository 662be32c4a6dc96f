import { PERSONAL_QUERY_FIELDS } from '../shared/personal-fields';

/** Local-storage key of the colour-mode preference (spec section 4). */
export const COLOR_MODE_KEY = 'color-mode';

/**
 * The first script of every page, inline in <head> before any third-party script:
 * 1. strips personal fields from the visible address (spec section 2) so the tag manager
 *    and the ad script never see them;
 * 2. applies the colour mode before first paint (no flash of the wrong theme);
 * 3. sets the Trusted Types default policy (the CSP requires Trusted Types for scripts): script
 *    URLs that third-party scripts (the tag manager) create are let through when https or
 *    same-origin (plain http only on a local http page); HTML and script text sinks get no
 *    default, so innerHTML with a string and eval-like sinks are blocked.
 * Kept tiny and dependency-free on purpose; it blocks parsing for microseconds.
 * Built by a pure call: the main script imports COLOR_MODE_KEY from here, and the bundler
 * keeps a top-level template with calls in it (the whole script, about 1 KB) unless told it is pure.
 */
export const BOOT_SCRIPT = /* @__PURE__ */ bootScript();

function bootScript(): string {
  return `(function(){try{var P=${JSON.stringify(PERSONAL_QUERY_FIELDS)},u=new URL(location.href),c=0;
Array.from(u.searchParams.keys()).forEach(function(k){if(P.indexOf(k.toLowerCase())>=0){u.searchParams.delete(k);c=1}});
if(c)history.replaceState(history.state,"",u.pathname+u.search+u.hash)}catch(e){}
try{var d=document.documentElement,f=d.getAttribute("data-force-color-mode"),p=f||localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)})||"system";
if(p!=="light"&&p!=="dark"&&p!=="system")p="system";var m=p==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p;
d.setAttribute("data-color-mode",m);d.setAttribute("data-color-preference",p)}catch(e){}
try{if(window.trustedTypes&&trustedTypes.createPolicy)trustedTypes.createPolicy("default",{createScriptURL:function(s){var h=new URL(s,location.href);return h.protocol==="https:"||h.origin===location.origin||location.protocol==="http:"?h.href:null}})}catch(e){}})();`;
}
