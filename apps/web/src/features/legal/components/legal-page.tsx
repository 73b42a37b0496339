import type { LegalDocumentSlug } from '@exchange/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useLegalDocument } from '../../../lib/legal';
import { LegalText } from './legal-text';
import '../legal.css';

/**
 * A legal page's newest version, in the reader's language or in English with a note: /legal/:slug
 * and /home/privacy (the privacy policy).
 */
export function LegalPage({ slug }: { slug: LegalDocumentSlug }) {
  const { t, i18n } = useTranslation();
  const doc = useLegalDocument(slug, i18n.language);
  const title = doc.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} | ${t('app.brand')}`;
  }, [title, t]);
  if (doc.isPending) return <LoadingState />;
  if (doc.isError)
    return (
      <ErrorState
        title={t('legal.loadFailed')}
        error={doc.error}
        onRetry={() => void doc.refetch()}
      />
    );
  const d = doc.data;
  return (
    <article className="page prose legal" data-slug={d.slug} data-version={d.version}>
      <h1 dir="auto">{d.title}</h1>
      <p className="muted">
        {t('legal.version', { version: d.version, date: formatDate(d.publishedAt, i18n.language) })}
      </p>
      {d.fallback && (
        <p className="legal__fallback" role="note" lang={i18n.language}>
          {t('legal.fallback')}
        </p>
      )}
      {/* The operator's text sets its own direction (English inside an Arabic page, say). */}
      <div lang={d.language} dir="auto">
        <LegalText body={d.body} />
      </div>
    </article>
  );
}
