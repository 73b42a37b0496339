import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../../lib/settings';
import { Dropdown } from '../dropdown';
import { SlidersIcon } from '../icons';

/**
 * The settings menu: theme and the colour convention for price moves (redUp, spec
 * platform-shell section 3), both saved locally with the other settings.
 */
export function SettingsMenu() {
  const { t } = useTranslation();
  const { theme, redUp } = useSettings();
  return (
    <Dropdown
      label={t('screen.settings.title')}
      className="settings-menu"
      trigger={<SlidersIcon />}
    >
      {() => (
        <div className="settings-menu__panel">
          <fieldset className="settings-menu__group">
            <legend>{t('screen.settings.colours')}</legend>
            {([false, true] as const).map((value) => (
              <label key={String(value)} className="settings-menu__option">
                <input
                  type="radio"
                  name="redUp"
                  checked={redUp === value}
                  onChange={() => updateSettings({ redUp: value })}
                />
                <span className="settings-menu__swatch" aria-hidden="true">
                  <i className={value ? 'is-red' : 'is-green'} />
                  <i className={value ? 'is-green' : 'is-red'} />
                </span>
                {value ? t('screen.settings.redUp') : t('screen.settings.greenUp')}
              </label>
            ))}
          </fieldset>
          <fieldset className="settings-menu__group">
            <legend>{t('screen.settings.theme')}</legend>
            {(['dark', 'light'] as const).map((value) => (
              <label key={value} className="settings-menu__option">
                <input
                  type="radio"
                  name="theme"
                  checked={theme === value}
                  onChange={() => updateSettings({ theme: value })}
                />
                {t(`screen.settings.themes.${value}`)}
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </Dropdown>
  );
}
