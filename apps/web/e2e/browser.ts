/** Debian's Chromium, as every scenario launches it (Playwright's own browser download is not used). */
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
export const DESKTOP = { width: 1366, height: 860 };
export const MOBILE = { width: 375, height: 812 };
