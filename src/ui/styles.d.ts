// The client build writes public/build/stylesheet-parts.json, the CSS files of src/ui minified
// (src/ui/stylesheet-parts.ts); the Worker imports that JSON, never a CSS file. A fresh clone has
// no build yet: this declares the file's shape so typecheck and lint pass before the first build.
// Once the file exists, TypeScript reads it.
declare module '*/public/build/stylesheet-parts.json' {
  const parts: Record<'styles' | 'sections' | 'brand' | 'editorial' | 'bold' | 'calm', string>;
  export default parts;
}
