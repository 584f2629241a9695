// Types of chromium.mjs for the TypeScript side (playwright.config.ts, bench/widget.ts).
export declare const SYSTEM_CHROMIUM_PATHS: readonly string[];
export declare const CHROMIUM_ARGS: readonly string[];
export declare function findChromium(): { path: string; source: string } | undefined;
export declare function ensureChromium(say: (message: string) => void): { path: string; source: string };
