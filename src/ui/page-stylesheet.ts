import type { Brand } from '../../brands';
import STYLES from './styles.css';
import SECTION_STYLES from './sections/sections.css';
import { brandCss, perBrand } from './brand-identity';

/**
 * A brand's page stylesheet: the shared rules, the sections' and the brand's own, in that order.
 * The same text is inlined into a first view's document and written by the client build as the
 * brand's hashed stylesheet file (scripts/build-client.mjs), which a returning browser links.
 * Joined once per brand per isolate.
 */
export const pageCss = perBrand((brand: Brand) => STYLES + SECTION_STYLES + brandCss(brand));
