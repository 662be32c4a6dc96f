/** Vite's `?raw` imports (file text as a string); tests use them to check config files. */
declare module '*?raw' {
  const text: string;
  export default text;
}
