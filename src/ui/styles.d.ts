// CSS files are bundled as text (wrangler.toml [[rules]] and the client build) and inlined
// into the document head with the request's nonce.
declare module '*.css' {
  const css: string;
  export default css;
}
