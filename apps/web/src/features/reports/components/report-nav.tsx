import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { PATHS } from '../../../config/paths';

/** Links between the report pages: fund flow, statements and fees. */
export function ReportNav() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.fundFlow, label: t('report.nav.fundFlow') },
    { to: PATHS.statements, label: t('report.nav.statements') },
    { to: PATHS.fee, label: t('report.nav.fees') },
  ];
  return (
    <nav className="report-nav" aria-label={t('report.nav.label')}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} className="report-nav__link">
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Real, Demo or Trial for a report: chosen on the page (Real first), whatever mode the client is in. */
export function ModeSelect({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (mode: 0 | 1 | 2) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {label}
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(Number(e.target.value) as 0 | 1 | 2)}
      >
        <option value={0}>{t('nav.modes.real')}</option>
        <option value={1}>{t('nav.modes.demo')}</option>
        <option value={2}>{t('nav.modes.trial')}</option>
      </select>
    </label>
  );
}
