import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigate } from 'react-router-dom';
import { MOBILE_TWINS, PATHS } from '../config/paths';
import {
  closeWebview,
  isInApp,
  openIscatNativePage,
  openSystemBrowser,
  updateTitle,
  type NativePage,
} from '../lib/native-bridge';
import type { en } from './locales/en';
import type { RouteHandle } from './root-layout';

export type MobileTitle = keyof (typeof en)['mobile']['titles'];

/** A /m route's handle: framed by no layout of the site, titled in the app's bar. */
export interface MobileHandle extends RouteHandle {
  mobileTitle: MobileTitle;
  /** The register result page is always dark (spec platform-shell section 2). */
  dark?: boolean;
}

/** Site pages the app has a screen of its own for: a link to one opens that screen. */
const NATIVE_PAGES: Readonly<Record<string, NativePage>> = {
  [PATHS.root]: 'home',
  [PATHS.home]: 'home',
  [PATHS.market]: 'market',
  [PATHS.tradeSpot]: 'trade',
  [PATHS.wallet]: 'wallet',
  [PATHS.login]: 'login',
};

/** The site's own page for an embedded one (the landing page when it has none). */
function siteAddressOf(location: Location): string {
  const site = Object.entries(MOBILE_TWINS).find(([, twin]) => twin === location.pathname)?.[0];
  return `${location.origin}${site ?? PATHS.root}${site ? location.search : ''}`;
}

/**
 * The frame of the pages a native app embeds: no header, footer or setup widget. The title goes
 * to the app's own bar (a browser shows a bar of the page's own with a back button instead); a
 * link stays embedded when the page has a /m twin, opens the app's own screen when the app has
 * one, and leaves for the system browser when it points off the site.
 */
export function MobileLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useMatches().at(-1)?.handle as MobileHandle | undefined;
  const title = t(`mobile.titles.${handle?.mobileTitle ?? 'help'}`);
  const inApp = isInApp();

  useEffect(() => {
    updateTitle({ title });
  }, [title]);

  function onClickCapture(event: MouseEvent<HTMLElement>) {
    const anchor = (event.target as Element).closest('a[href]');
    if (!anchor || event.defaultPrevented || anchor.getAttribute('target') === '_blank') return;
    const url = new URL(anchor.getAttribute('href') ?? '', window.location.href);
    if (url.origin !== window.location.origin) {
      event.preventDefault();
      openSystemBrowser({ url: url.href });
      return;
    }
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const twin = MOBILE_TWINS[path];
    const nativePage =
      NATIVE_PAGES[path] ?? (path.startsWith(`${PATHS.tradeSpot}/`) ? 'trade' : undefined);
    if (twin) {
      event.preventDefault();
      void navigate(`${twin}${url.search}`);
    } else if (nativePage) {
      event.preventDefault();
      openIscatNativePage(
        { page: nativePage, path, params: Object.fromEntries(url.searchParams) },
        (to) => void navigate(to),
      );
    }
  }

  return (
    <div
      className={`mobile-frame${handle?.dark ? ' mobile-frame--dark' : ''}`}
      data-theme={handle?.dark ? 'dark' : undefined}
      onClickCapture={onClickCapture}
    >
      {!inApp && (
        <div className="mobile-frame__bar">
          <button
            type="button"
            className="mobile-frame__back"
            aria-label={t('common.back')}
            onClick={() => closeWebview()}
          >
            <span aria-hidden="true" className="mobile-frame__arrow">
              ‹
            </span>
          </button>
          <span className="mobile-frame__title">{title}</span>
        </div>
      )}
      <main id="main" className="mobile-frame__body">
        <Outlet />
      </main>
      {inApp && !handle?.dark && (
        <button
          type="button"
          className="button button--small mobile-frame__browser"
          onClick={() => openSystemBrowser({ url: siteAddressOf(window.location) })}
        >
          {t('mobile.openInBrowser')}
        </button>
      )}
    </div>
  );
}
