import { parse, type $ZodType, type output } from 'zod/v4/core';
import { clientFetch, HttpError, type ClientFetchOptions } from './fetch-client';

/**
 * clientFetch, then the reply parsed with a schema; a non-2xx reply throws HttpError. Takes
 * any zod schema (classic or mini): the browser code uses zod/mini to stay small. A module of
 * its own so that only the pages that parse replies with zod load zod core.
 */
export async function fetchJson<S extends $ZodType>(
  input: string | URL,
  schema: S,
  options: ClientFetchOptions = {},
): Promise<output<S>> {
  const response = await clientFetch(input, options);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new HttpError(response.status, String(input), data);
  return parse(schema, data);
}
