import { ErrorCode, i18nKey } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { LINKS } from '../../../config/links';
import { legalPath, PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { authSiteLoginUrl, logout } from '../../../lib/session-actions';
import { useAcceptAgreements, usePendingAgreements } from '../../../lib/legal';
import '../legal.css';

/**
 * When the operator publishes a new version of the terms of service or the privacy policy, a
 * signed-in user agrees to it before going on (or logs out). It cannot be dismissed.
 */
export function AgreementsGate() {
  const { t, i18n } = useTranslation();
  const pending = usePendingAgreements(i18n.language);
  const accept = useAcceptAgreements();
  const client = useApiClient();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  const failed =
    accept.error instanceof ApiError ? t(i18nKey(accept.error.code), { ns: 'errors' }) : null;
  // A new account (made by a sign-in with Google, say) has agreed to nothing yet.
  const first = items.every((a) => a.agreedVersion === null);
  const changed =
    accept.error instanceof ApiError &&
    accept.error.code === String(ErrorCode.AGREEMENTS_CHANGED.code);

  return (
    <Modal
      open
      onClose={() => undefined}
      dismissible={false}
      title={first ? t('legal.gate.titleNew') : t('legal.gate.title')}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() =>
              void logout(client).then(() =>
                LINKS.authSite ? window.location.assign(authSiteLoginUrl()) : navigate(PATHS.login),
              )
            }
          >
            {t('nav.logout')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!checked || accept.isPending}
            onClick={() =>
              accept.mutate(
                items.map(({ slug, version }) => ({ slug, version })),
                // Either way the box starts unticked: after a refusal the list shows the new versions.
                { onSettled: () => setChecked(false) },
              )
            }
          >
            {accept.isPending ? t('common.loading') : t('legal.gate.agree')}
          </button>
        </>
      }
    >
      <p className="modal__intro">{first ? t('legal.gate.introNew') : t('legal.gate.intro')}</p>
      <ul className="legal-gate__list">
        {items.map((a) => (
          <li key={a.slug}>
            <Link to={legalPath(a.slug)} target="_blank" rel="noopener">
              {a.title}
            </Link>{' '}
            <span className="muted">{t('legal.gate.version', { version: a.version })}</span>
          </li>
        ))}
      </ul>
      <label className="legal-check">
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
        {first ? t('legal.gate.confirmNew') : t('legal.gate.confirm')}
      </label>
      {failed && (
        <p className="field__error" role="alert">
          {changed ? t('legal.gate.changed') : failed}
        </p>
      )}
    </Modal>
  );
}
