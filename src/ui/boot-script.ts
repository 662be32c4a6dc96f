import { PERSONAL_QUERY_FIELDS } from '../shared/personal-fields';

/** Local-storage key of the colour-mode preference (spec section 4). */
export const COLOR_MODE_KEY = 'color-mode';

/**
 * The first script of every page, inline in <head> before any third-party script:
 * 1. strips personal fields from the visible address (spec section 2) so the tag manager
 *    and the ad script never see them;
 * 2. applies the colour mode before first paint (no flash of the wrong theme).
 * Kept tiny and dependency-free on purpose; it blocks parsing for microseconds.
 */
export const BOOT_SCRIPT = `(function(){try{var P=${JSON.stringify(PERSONAL_QUERY_FIELDS)},u=new URL(location.href),c=0;
Array.from(u.searchParams.keys()).forEach(function(k){if(P.indexOf(k.toLowerCase())>=0){u.searchParams.delete(k);c=1}});
if(c)history.replaceState(history.state,"",u.pathname+u.search+u.hash)}catch(e){}
try{var d=document.documentElement,f=d.getAttribute("data-force-color-mode"),p=f||localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)})||"system";
if(p!=="light"&&p!=="dark"&&p!=="system")p="system";var m=p==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p;
d.setAttribute("data-color-mode",m);d.setAttribute("data-color-preference",p)}catch(e){}})();`;
