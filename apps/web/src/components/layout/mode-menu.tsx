import { RuntimeMode, parseRuntimeMode, type RuntimeMode as Mode } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { useSession } from '../../lib/session';
import { updateSettings, useSettings } from '../../lib/settings';
import { Dropdown } from '../dropdown';
import { ChevronIcon } from '../icons';

const MODE_KEYS = { 0: 'real', 1: 'demo', 2: 'trial' } as const;
const ORDER: Mode[] = [RuntimeMode.REAL, RuntimeMode.DEMO, RuntimeMode.TRIAL];

export function useModeLabel(mode: unknown): string {
  const { t } = useTranslation();
  // An unknown mode reads as Real.
  return t(`nav.modes.${MODE_KEYS[parseRuntimeMode(mode)]}`);
}

/** Mode switch of a logged-in user; visitors always trade in Real and just see the label. */
export function ModeMenu({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const settings = useSettings();
  const label = useModeLabel(mode);
  if (!token) return <span className="mode-label">{label}</span>;
  return (
    <Dropdown
      label={t('nav.mode')}
      className="mode-menu"
      trigger={
        <>
          <span className="mode-dot" aria-hidden="true" />
          <span className="mode-menu__label">{label}</span>
          <ChevronIcon />
        </>
      }
    >
      {(close) => (
        <ul className="menu-list" aria-label={t('nav.mode')}>
          {ORDER.map((m) => (
            <li key={m}>
              <button
                type="button"
                className="menu-item"
                aria-current={settings.runtimeMode === m ? 'true' : undefined}
                onClick={() => {
                  close();
                  updateSettings({ runtimeMode: m });
                }}
              >
                {t(`nav.modes.${MODE_KEYS[m]}`)}
              </button>
              {m === RuntimeMode.TRIAL && (
                <Link
                  className="menu-item menu-item--sub"
                  to={PATHS.tradeForReward}
                  onClick={close}
                >
                  {t('nav.tradeForRewardRules')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
