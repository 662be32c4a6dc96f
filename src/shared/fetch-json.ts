import { clientFetch, HttpError, type ClientFetchOptions } from './fetch-client';

/**
 * clientFetch, then the reply read by `read` (a zod schema's parse on the server, a small
 * type guard in the browser, which ships no zod:, JavaScript budget); `read` throws
 * on a reply of the wrong shape. A non-2xx reply throws HttpError.
 */
export async function fetchJson<T>(
  input: string | URL,
  read: (data: unknown) => T,
  options: ClientFetchOptions = {},
): Promise<T> {
  const response = await clientFetch(input, options);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new HttpError(response.status, String(input), data);
  return read(data);
}
