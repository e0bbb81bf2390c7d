/**
 * Debian's Chromium (browsers cannot be downloaded here), started the same way by Playwright, the
 * benchmarks and the screenshot script: no sandbox (containers), no GPU, no background traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
