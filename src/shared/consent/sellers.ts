/**
 * Medicare one-to-one consent (42 CFR 422.2274(g)(4)): the entities the consent step lists,
 * each with its own unticked checkbox, and which of them the visitor accepted. The form posts
 * the ids it ticked; anything not in the brand's list is ignored, so a forged id never widens
 * the consent.
 */
export interface SellerChoice {
  id: string;
  name: string;
  accepted: boolean;
}

/** Form field of one seller's checkbox: posted ('yes') only when ticked. */
export function sellerFieldName(id: string): string {
  return `consentSeller:${id}`;
}

/** The brand's sellers in their order, each marked accepted when its id was posted. */
export function sellerChoices(
  sellers: readonly { id: string; name: string }[],
  postedIds: readonly string[],
): SellerChoice[] {
  const ticked = new Set(postedIds);
  return sellers.map((s) => ({ id: s.id, name: s.name, accepted: ticked.has(s.id) }));
}
