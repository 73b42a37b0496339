import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { analytics } from '../lib/analytics';
import { closeAllModals } from '../lib/modals';
import { rememberRedirect } from '../lib/redirect';
import { applyThemeQuery } from '../lib/settings';

/**
 * On every route change: open modals close, the page view (and the previous page's view time)
 * is reported, a `redirect_path` is kept for after login and `?theme=` applies.
 */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    closeAllModals();
    analytics.pageView(pathname, search);
    rememberRedirect(search);
    applyThemeQuery(search);
  }, [pathname, search]);
  return null;
}
