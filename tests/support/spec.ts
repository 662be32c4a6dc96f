/**
 * Names and numbers transcribed from the product specification (spec/000_303af668974d3502.txt),
 * for tests to check the product against. Never import the product's own lists here: a test
 * built from the product's list passes whatever the list says (remove msclkid from the paid
 * click ids and a test iterating over that list still passes).
 */

/** Section 4, paid traffic rule (a): ids that mark paid traffic with utm_campaign, at 15 characters or more. */
export const SPEC_PAID_CLICK_IDS = [
  'etid',
  'token',
  'gclid',
  'ScCid',
  'tblci',
  'qstid',
  'clkid',
  'fbclid',
  'ttclid',
  'saclid',
  'tbclid',
  'wbraid',
  'bbg',
  'obci',
  'msclkid',
  'mcp_token',
] as const;

/** Section 9: paid-traffic identifier minimum length. */
export const SPEC_PAID_ID_MIN_LENGTH = 15;

/** Section 3, session: the tracked address parameters. */
export const SPEC_TRACKED_PARAMS = [
  'etid',
  'token',
  'gclid',
  'ScCid',
  'tblci',
  'qstid',
  'clkid',
  'fbclid',
  'ttclid',
  'saclid',
  'tbclid',
  'wbraid',
  'gbraid',
  'bbg',
  'obci',
  'msclkid',
  'mcp_token',
  'utm_campaign',
  'utm_source',
] as const;

/** Section 7: the tracked events. */
export const SPEC_EVENTS = [
  'pageView',
  'formStepSubmitted',
  'ctcClicked',
  'ctcReturned',
  'maAdClicked',
  'learnMoreClicked',
  'lowBidResult',
  'enteredExperiment',
  'anonLink',
  'adsLoaded',
  'adClicked',
  'elementClicked',
  'botCheckCompleted',
] as const;

/** Section 3, enumerations. */
export const SPEC_GENDERS = ['male', 'female', 'non-binary'] as const;
export const SPEC_CREDIT_RATINGS = ['excellent', 'good', 'average', 'fair', 'poor'] as const;
export const SPEC_MARITAL_STATUSES = [
  'single',
  'married',
  'divorced',
  'separated',
  'widowed',
  'domestic partner',
  'unknown',
] as const;
export const SPEC_LICENSE_STATUSES = [
  'active',
  'expired',
  'international',
  'learner',
  'none',
  'other',
  'permit',
  'probation',
  'restricted',
  'revoked',
  'suspended',
  'temporary',
] as const;

/** Section 2: personal fields removed from the visible address query. */
export const SPEC_PERSONAL_QUERY_FIELDS = [
  'firstname',
  'lastname',
  'age',
  'email',
  'phone',
  'dateofbirth',
  'address',
  'device',
  'devicetype',
  'session_id',
  'has_medicare',
  'has_medicaid',
] as const;

/** Section 9 and 1: the brand codes. */
export const SPEC_BRAND_CODES = [
  'bh',
  'm10',
  'm10es',
  'wc',
  'ayb',
  'qs',
  'ps',
  'tqg',
  'sd',
  'bridge',
  'emily',
  'ac',
] as const;
