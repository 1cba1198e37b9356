// Types of what TypeScript code imports from scripts/server-process.mjs.
export const ROOT: string;
export function newestSourceChange(sources: readonly string[]): number;
