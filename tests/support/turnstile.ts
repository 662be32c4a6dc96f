/**
 * A Turnstile token as the sandbox's stand-in widget mints it (sandbox/turnstile.ts): random,
 * carrying the hostname of the page it ran on and the action it was rendered with, which the
 * sandbox's siteverify answers back. Each token is redeemed once.
 */
export function widgetToken(hostname: string, action: string): string {
  const random = crypto.randomUUID().replace(/-/g, '');
  const claims = btoa(JSON.stringify({ h: hostname, a: action }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `0.sandbox-turnstile.${random}.${claims}`;
}

/** The token of a person who passed Turnstile on `origin`'s final step of `form` (action as the Worker expects it). */
export function passedTurnstile(origin: string, form: string): string {
  return widgetToken(new URL(origin).hostname, `lead-${form}`.slice(0, 32));
}
