/**
 * The mobile app's bridge (spec platform-shell section 7, "Mobile bridge calls"): the /m pages
 * run inside the app's web view and ask the app to do what a page cannot (share a poster, open the
 * system browser or one of the app's own screens, close the web view, set the title bar).
 *
 * The app exposes its handlers the two usual ways: on iOS a WKScriptMessageHandler per call
 * (`window.webkit.messageHandlers.<call>.postMessage(args)`, args as an object), on Android a
 * JavascriptInterface named `Android` with a method per call (`window.Android.<call>(json)`,
 * args as a JSON string, the only structured type it passes). Without either (a browser), each
 * call does the nearest browser thing instead, so the pages stay usable when opened directly.
 */

export interface BridgeArgs {
  /** A poster inviting a friend: the link it carries, and its title and text. */
  shareReferralPoster: { url: string; title?: string; text?: string };
  /** Leaves the app for the phone's browser (an outside link). */
  openSystemBrowser: { url: string };
  /** One of the app's own screens; `path` is this site's page for the same purpose. */
  openIscatNativePage: { page: NativePage; path: string; params?: Record<string, string> };
  closeWebview: Record<string, never>;
  updateTitle: { title: string };
}

export type BridgeCall = keyof BridgeArgs;

/** The app screens a page may open natively. */
export type NativePage = 'home' | 'market' | 'trade' | 'wallet' | 'login' | 'kyc' | 'deposit';

/** Who answered a call: the iOS or Android app, or the browser fallback. */
export type BridgeTarget = 'ios' | 'android' | 'browser';

interface NativeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage(body: unknown): void } | undefined> };
  Android?: Record<string, unknown>;
}

const native = () => window as unknown as NativeWindow;

/** Whether a native handler for the call is present (then the app, not the page, does it). */
export function nativeTarget(call: BridgeCall): BridgeTarget {
  const w = native();
  if (typeof w.webkit?.messageHandlers?.[call]?.postMessage === 'function') return 'ios';
  if (typeof w.Android?.[call] === 'function') return 'android';
  return 'browser';
}

/** Whether the page runs inside the app (it has the bridge), e.g. to hide its own title bar. */
export function isInApp(): boolean {
  return nativeTarget('closeWebview') !== 'browser';
}

function callNative<C extends BridgeCall>(call: C, args: BridgeArgs[C]): BridgeTarget {
  const target = nativeTarget(call);
  const w = native();
  if (target === 'ios') w.webkit?.messageHandlers?.[call]?.postMessage(args);
  if (target === 'android') (w.Android?.[call] as (json: string) => void)(JSON.stringify(args));
  return target;
}

export async function shareReferralPoster(
  args: BridgeArgs['shareReferralPoster'],
): Promise<BridgeTarget> {
  const target = callNative('shareReferralPoster', args);
  if (target !== 'browser') return target;
  if (typeof navigator.share === 'function') {
    // Dismissing the share sheet rejects; that is the user's choice, not an error.
    await navigator.share(args).catch(() => undefined);
  } else if (navigator.clipboard) {
    await navigator.clipboard.writeText(args.url);
  } else {
    window.open(args.url, '_blank', 'noopener');
  }
  return 'browser';
}

export function openSystemBrowser(args: BridgeArgs['openSystemBrowser']): BridgeTarget {
  const target = callNative('openSystemBrowser', args);
  if (target === 'browser') window.open(args.url, '_blank', 'noopener');
  return target;
}

/** In a browser the site's own page for the purpose opens instead (`navigate`: the router's). */
export function openIscatNativePage(
  args: BridgeArgs['openIscatNativePage'],
  navigate: (path: string) => void,
): BridgeTarget {
  const target = callNative('openIscatNativePage', args);
  if (target === 'browser') {
    const query = new URLSearchParams(args.params).toString();
    navigate(query ? `${args.path}?${query}` : args.path);
  }
  return target;
}

/** In a browser: back to the previous page, or close a tab the app's link opened. */
export function closeWebview(): BridgeTarget {
  const target = callNative('closeWebview', {});
  if (target === 'browser') {
    if (window.history.length > 1) window.history.back();
    else window.close();
  }
  return target;
}

/** The app shows the title in its own bar; the document title always follows too. */
export function updateTitle(args: BridgeArgs['updateTitle']): BridgeTarget {
  document.title = args.title;
  return callNative('updateTitle', args);
}
