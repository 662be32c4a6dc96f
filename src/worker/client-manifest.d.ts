// `npm run build` writes public/build/manifest.json (the hashed names of the client bundles),
// and the Worker imports it. A fresh clone has no build yet: this declares the file's shape so
// typecheck and lint pass before the first build. Once the file exists, TypeScript reads it.
declare module '*/public/build/manifest.json' {
  const manifest: { buildId: string; main: string; islands: string; stylesheets: Record<string, string> };
  export default manifest;
}
