/** Debian's Chromium, as every scenario launches it (the same flags as the load runner's). */
export { CHROMIUM, CHROMIUM_ARGS } from '@exchange/tooling/chromium';
export const DESKTOP = { width: 1366, height: 860 };
export const MOBILE = { width: 375, height: 812 };
