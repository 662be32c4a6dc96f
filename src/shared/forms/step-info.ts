/** Where the visitor is in the page's form (spec section 2: step parameter). */
export interface StepInfo {
  /** Step name as in the URL; the first step when the URL names none or an unknown one. */
  name: string;
  /** 1-based step number. */
  number: number;
  /** True when the URL's step was missing or unknown and the first step was shown instead. */
  fallback: boolean;
}
