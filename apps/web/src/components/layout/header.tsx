import { KycPermission, RuntimeMode } from '@exchange/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { LINKS, accountCentreUrl } from '../../config/links';
import { PATHS, loginPath } from '../../config/paths';
import { analytics } from '../../lib/analytics';
import { useApiClient } from '../../lib/api-context';
import { authSiteLoginUrl, logout } from '../../lib/session-actions';
import { useSession } from '../../lib/session';
import { updateSettings, useRuntimeMode, useSettings } from '../../lib/settings';
import { Dropdown } from '../dropdown';
import { LogoMark, MenuIcon, MoonIcon, SunIcon, UserIcon } from '../icons';
import { DownloadMenu } from './download-menu';
import { LanguageMenu } from './language-menu';
import { ModeMenu } from './mode-menu';
import { SettingsMenu } from './settings-menu';

/** Account menu entries; each click is an analytics event (spec section 2). */
const ACCOUNT_ITEMS = [
  { key: 'wallet', to: `${PATHS.wallet}?type=wallet`, event: 'wallet' },
  { key: 'orders', to: PATHS.orders, event: 'orders' },
  { key: 'accountCenter', to: PATHS.accountCenter, event: 'account_center' },
  { key: 'security', to: PATHS.security, event: 'security' },
  { key: 'cryptoWhitelist', to: PATHS.address, event: 'crypto_whitelist' },
  { key: 'bankWhitelist', to: PATHS.bankCardManage, event: 'bank_account_whitelist' },
  { key: 'foreignExchange', to: PATHS.foreignExchange, event: 'foreign_exchange' },
  { key: 'rapidBuy', to: PATHS.rapidBuy, event: 'rapid_buy' },
  { key: 'flashWhitelist', to: PATHS.flashWhitelist, event: 'flash_whitelist' },
  { key: 'flashRemittance', to: PATHS.flashRemittance, event: 'flash_remittance' },
  { key: 'messageCenter', to: PATHS.messageCenter, event: 'message_center' },
] as const;

const menuEvent = (action: string) => analytics.track({ category: 'header_menu', action });

/**
 * The site header. `bell` is the notification bell, shown while logged in: the app fills it (the
 * layout knows no feature).
 */
export function Header({ bell }: { bell?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { token, user } = useSession();
  const settings = useSettings();
  const mode = useRuntimeMode();
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const loggedIn = token !== null;
  // Visitors see Spot Trade; users only with the permission.
  const showSpot = !loggedIn || (user?.kycPermissions.includes(KycPermission.SPOT_TRADE) ?? false);
  const here = `${location.pathname}${location.search}`;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  const walletHref = LINKS.walletSite || `${PATHS.wallet}?type=wallet`;

  return (
    <header className={`app-header app-header--mode-${mode}`} data-mode={mode}>
      <div className="app-header__inner">
        <Link to={PATHS.root} className="brand" aria-label={t('app.home')}>
          <LogoMark />
          <span className="brand__name">{t('app.brand')}</span>
        </Link>
        <button
          type="button"
          className="icon-button nav-toggle"
          aria-label={t('nav.menu')}
          aria-expanded={navOpen}
          aria-controls="main-nav"
          onClick={() => setNavOpen((v) => !v)}
        >
          <MenuIcon />
        </button>
        <nav
          id="main-nav"
          className={`main-nav${navOpen ? ' main-nav--open' : ''}`}
          aria-label={t('nav.main')}
          onClick={() => setNavOpen(false)}
        >
          <NavLink to={PATHS.market} className="nav-link">
            {t('nav.markets')}
          </NavLink>
          {showSpot && (
            <NavLink to={PATHS.tradeSpot} className="nav-link">
              {t('nav.spotTrade')}
            </NavLink>
          )}
          {showSpot && (
            <NavLink to={PATHS.tradeSwap} className="nav-link">
              {t('nav.convert')}
            </NavLink>
          )}
          {mode === RuntimeMode.TRIAL && (
            <NavLink to={PATHS.tradeForReward} className="nav-link nav-link--reward">
              {t('nav.tradeForReward')}
            </NavLink>
          )}
          {LINKS.digitalOptions && (
            <a className="nav-link" href={LINKS.digitalOptions} {...external}>
              {t('nav.digitalOptions')}
            </a>
          )}
          {LINKS.officeWebsite && (
            <a className="nav-link" href={`${LINKS.officeWebsite}/${i18n.language}`} {...external}>
              {t('nav.officeWebsite')}
            </a>
          )}
          {loggedIn && (
            <a className="nav-link" href={walletHref} onClick={() => menuEvent('wallet')}>
              {t('nav.wallet')}
            </a>
          )}
          <NavLink to={PATHS.news} className="nav-link">
            {t('nav.news')}
          </NavLink>
          {!loggedIn && (
            <Link to={loginPath(here, 'register')} className="nav-link show-mobile">
              {t('nav.register')}
            </Link>
          )}
        </nav>
        <div className="header-tools">
          <ModeMenu mode={mode} />
          {loggedIn && bell}
          {loggedIn ? (
            <Dropdown label={t('nav.account')} className="account-menu" trigger={<UserIcon />}>
              {(close) => (
                <ul className="menu-list" aria-label={t('nav.account')}>
                  {user && <li className="menu-caption">{user.email}</li>}
                  {ACCOUNT_ITEMS.map((item) => (
                    <li key={item.key}>
                      <Link
                        className="menu-item"
                        to={
                          item.key === 'accountCenter' ? accountCentreUrl(i18n.language) : item.to
                        }
                        onClick={() => {
                          menuEvent(item.event);
                          close();
                        }}
                      >
                        {t(`nav.${item.key}`)}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <button
                      type="button"
                      className="menu-item menu-item--danger"
                      onClick={() => {
                        close();
                        // Logout ends on the authentication site (this client's login page here).
                        void logout(client).then(() =>
                          LINKS.authSite
                            ? window.location.assign(authSiteLoginUrl())
                            : navigate(PATHS.login),
                        );
                      }}
                    >
                      {t('nav.logout')}
                    </button>
                  </li>
                </ul>
              )}
            </Dropdown>
          ) : (
            <div className="auth-links">
              {LINKS.authSite ? (
                <a
                  className="button button--ghost"
                  href={`${authSiteLoginUrl()}?redirect_path=${encodeURIComponent(window.location.href)}`}
                >
                  {t('nav.login')}
                </a>
              ) : (
                <Link className="button button--ghost" to={loginPath(here)}>
                  {t('nav.login')}
                </Link>
              )}
              <Link className="button button--primary hide-mobile" to={loginPath(here, 'register')}>
                {t('nav.register')}
              </Link>
            </div>
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={settings.theme === 'dark' ? t('nav.themeLight') : t('nav.themeDark')}
            onClick={() => updateSettings({ theme: settings.theme === 'dark' ? 'light' : 'dark' })}
          >
            {settings.theme === 'dark' ? <SunIcon /> : <MoonIcon />}
          </button>
          <SettingsMenu />
          <LanguageMenu />
          <DownloadMenu />
        </div>
      </div>
    </header>
  );
}
