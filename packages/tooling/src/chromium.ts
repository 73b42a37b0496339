/**
 * Debian's Chromium as the browser scenarios and the load runner's page measurements launch it
 * (Playwright's own browser download is not used); `npm test` installs the package when missing.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
