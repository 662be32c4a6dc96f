/**
 * Global Privacy Control: `Sec-GPC: 1` is a request to not sell or share. Such a
 * page loads no tag-manager or ad script and pushes nothing to the data layer; the session and
 * any lead of the visitor record gpc: true.
 */
export function gpcRequested(request: Request): boolean {
  return request.headers.get('sec-gpc')?.trim() === '1';
}
