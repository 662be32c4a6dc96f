// The bench's Nuxt 3 peer: the product's bh /otc-allowance page, made from the product's own page at
// bench time (bench/peer-snapshot.ts writes snapshot/), server-rendered on workerd with nitro's
// cloudflare_module preset (bench/peer.ts serves it on the bench's Miniflare).
import { fileURLToPath } from 'node:url';

export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  ssr: true,
  telemetry: false,
  devtools: { enabled: false },
  features: {
    // The page inlines the product's stylesheet itself (with the nonce); no second copy.
    inlineStyles: false,
    // The product's own client scripts hydrate its islands; Nuxt's Vue client and payload would be a
    // second, unused copy of the page's state in every response.
    noScripts: true,
  },
  // The body is the product's markup: React's text separators (<!-- -->) and its whitespace kept as sent.
  vue: { compilerOptions: { comments: true, whitespace: 'preserve' } },
  // The markup's URLs (/build/…, /api/…) are the product's routes as written, not files for Vite to import.
  vite: { vue: { template: { transformAssetUrls: false } } },
  nitro: {
    preset: 'cloudflare_module',
    minify: true,
    // The product's shipped zip data, where a stored zip's place is looked up (server/utils/visitor.ts).
    publicAssets: [{ baseURL: '/data/zips', dir: fileURLToPath(new URL('../../../public/data/zips', import.meta.url)) }],
  },
  // Every head element comes from the product's page (pages/otc-allowance.vue), in its order.
  app: { head: { charset: '', viewport: '', meta: [], link: [], script: [], style: [] } },
});
