export function renderDevIndex(url: string): string { return url; }
