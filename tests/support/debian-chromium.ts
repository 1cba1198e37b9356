/**
 * Debian's Chromium, the one browser the tests and the benchmark use (a test tool's own browser
 * download cannot work here). `CHROME_PATH` points elsewhere when needed.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Without these, Chromium keeps trying to reach Google's services, which this network refuses. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
