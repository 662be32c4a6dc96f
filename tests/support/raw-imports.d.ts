/** Vite's `?raw` imports (file text as a string); tests use them to check config files. */
declare module '*?raw' {
  const text: string;
  export default text;
}

/** Vite's `import.meta.glob` with `?raw`: files' text by path; a test reads the Worker's own SQL with it. */
interface ImportMeta {
  glob(patterns: string | string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
