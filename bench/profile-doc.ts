/**
 * The CPU profile part of docs/performance.md: written by `npm run profile`
 * (bench/profile.ts) between two markers, kept by `npm run bench` when it rewrites the rest.
 */
export const PROFILE_START = '<!-- profile:start -->';
export const PROFILE_END = '<!-- profile:end -->';

/** The profile sections kept in docs/performance.md (the bench rewrites the rest of the file). */
export function keptProfiles(markdown: string): string {
  const start = markdown.indexOf(PROFILE_START);
  const end = markdown.indexOf(PROFILE_END);
  return start >= 0 && end > start ? markdown.slice(start + PROFILE_START.length, end).trim() : '';
}

/** The profile part of docs/performance.md: these sections, a `before` and the latest of each label. */
export function profileBlock(sections: string): string {
  return [
    PROFILE_START,
    '## CPU profile under load',
    '',
    "Written by `npm run profile` (bench/profile.ts): workerd's inspector (Miniflare `inspectorPort`), the DevTools Profiler domain sampling every 100 µs while bh /otc-allowance is loaded at 8 connections as a first visit, a returning visitor without answers and one with stored answers. Self time per function, named and placed through the source map, top 20 of the busy samples (`(anonymous)` without a place is native code: the runtime's own work, V8 builtins called from JavaScript).",
    '',
    sections.replace(/^## CPU profile under load[\s\S]*?(?=### Profile)/, '').trim(),
    PROFILE_END,
  ].join('\n');
}
