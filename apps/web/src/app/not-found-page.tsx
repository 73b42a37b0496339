import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.body')}</p>
      <Link to={PATHS.root} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
