// CSS files are bundled as text (wrangler.toml [[rules]] and the client build) and inlined
// into the document head with the request's nonce.
declare module '*.css' {
  const css: string;
  export default css;
}

// The client build writes public/build/stylesheet-parts.json, the CSS files above minified
// (src/ui/stylesheet-parts.ts). A fresh clone has no build yet: this declares the file's shape so
// typecheck and lint pass before the first build. Once the file exists, TypeScript reads it.
declare module '*/public/build/stylesheet-parts.json' {
  const parts: Record<'styles' | 'sections' | 'brand' | 'editorial' | 'bold' | 'calm', string>;
  export default parts;
}
