/**
 * Partner results the visitor's Durable Object remembers beside the phone lease (design.md,
 * "Storage"): the last demand check, the ip-quality result, the location of the resolved
 * zip and the attribution (afid, publisher id); for lead defence the page's
 * bot-check result and the trust verdict of the visitor's last lead; the offers shown for the
 * visitor's finished auto lead. Keys are fixed so no caller can write
 * anywhere else in the visitor's storage.
 */
export const VISITOR_RESULT_KINDS = [
  'demand-check',
  'ip-quality',
  'location',
  'attribution',
  'bot-check',
  'lead-trust',
  'finish-offers',
] as const;
export type VisitorResultKind = (typeof VISITOR_RESULT_KINDS)[number];

export function visitorResultKey(kind: VisitorResultKind): string {
  return `partner:${kind}`;
}
