// The bench's Nuxt 3 peer: the product's bh /otc-allowance page as a Nuxt app,
// server-rendered on workerd with nitro's cloudflare_module preset (bench/peer.ts serves it).
export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  ssr: true,
  telemetry: false,
  devtools: { enabled: false },
  // The page inlines its stylesheet itself (with the nonce), as the product does; no second copy.
  features: { inlineStyles: false },
  nitro: { preset: 'cloudflare_module', minify: true },
  app: {
    head: {
      htmlAttrs: { lang: 'en' },
      meta: [
        { charset: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'robots', content: 'noindex, nofollow' },
        { name: 'theme-color', content: '#0b5cab' },
      ],
      link: [{ rel: 'icon', href: '/favicons/bh.svg', type: 'image/svg+xml' }],
    },
  },
});
