/**
 * Loads Cloudflare's Turnstile script for the form's last step: a chunk of its own,
 * fetched one step ahead (./turnstile.ts), so form pages do not carry it at load.
 */
export interface TurnstileApi {
  render(container: HTMLElement, params: Record<string, unknown>): string | undefined;
  getResponse(id?: string): string | undefined;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi | null> | null = null;

/** The script URL as Trusted Types want it when the page enforces them; the configured URL only. */
function scriptSource(url: string): string {
  const tt = (
    window as unknown as {
      trustedTypes?: {
        createPolicy(
          name: string,
          rules: { createScriptURL(input: string): string },
        ): { createScriptURL(input: string): string };
      };
    }
  ).trustedTypes;
  if (!tt) return url;
  try {
    const policy = tt.createPolicy('quote-turnstile', { createScriptURL: (input) => (input === url ? input : '') });
    return policy.createScriptURL(url);
  } catch {
    return url;
  }
}

export function loadTurnstile(scriptUrl: string): Promise<TurnstileApi | null> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    const url = new URL(scriptUrl, location.href);
    url.searchParams.set('render', 'explicit');
    (script as { src: string }).src = scriptSource(url.href);
    script.async = true;
    script.onload = () => resolve(window.turnstile ?? null);
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return loading;
}
