import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isMobileEmbedPath, MOBILE_TWINS } from '../config/paths';
import { analytics } from '../lib/analytics';
import { closeAllModals } from '../lib/modals';
import { rememberRedirect } from '../lib/redirect';
import { applyThemeQuery } from '../lib/settings';

/**
 * On every route change: open modals close, the page view (and the previous page's view time)
 * is reported, a `redirect_path` is kept for after login and `?theme=` applies. A page embedded
 * in the mobile app that moves on to a site page with a /m twin (a KYC form done, back to the
 * identity centre) moves to the twin instead: the app's web view stays without the site's frame.
 */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const wasEmbedded = useRef(false);
  useEffect(() => {
    const twin = MOBILE_TWINS[pathname.replace(/\/+$/, '')];
    if (wasEmbedded.current && twin) {
      void navigate(`${twin}${search}`, { replace: true });
      return;
    }
    wasEmbedded.current = isMobileEmbedPath(pathname);
  }, [pathname, search, navigate]);
  useEffect(() => {
    closeAllModals();
    analytics.pageView(pathname, search);
    rememberRedirect(search);
    applyThemeQuery(search);
  }, [pathname, search]);
  return null;
}
