/**
 * The working-hours code, loaded by the main script only when a page is shown in another hour
 * than the Worker rendered its call copy for (a page from a cache, one left open across the
 * hour, a visitor's clock that disagrees): most page views never download it. Imports nothing
 * the main script also imports, so the bundler makes no shared chunk every page would fetch.
 */
export { callHours } from '../../shared/phone/call-hours';
