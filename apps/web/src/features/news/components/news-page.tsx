import type { NewsItem } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useNews } from '../api/news';
import '../news.css';

function NewsCard({ item }: { item: NewsItem }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <li className="news-card">
      <div className="news-card__meta">
        <span className={`badge badge--${item.category === 'ANNOUNCEMENT' ? 'rwa' : 'crypto'}`}>
          {t(`news.categories.${item.category}`)}
        </span>
        <time dateTime={item.publishedAt} className="muted">
          {formatDate(item.publishedAt, i18n.language)}
        </time>
      </div>
      <h2 className="news-card__title">{item.title}</h2>
      <p className="muted">{open ? item.body : item.summary}</p>
      {item.body !== item.summary && (
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('news.readLess') : t('news.readMore')}
        </button>
      )}
    </li>
  );
}

export function NewsPage() {
  const { t, i18n } = useTranslation();
  const news = useNews(i18n.language);
  const items = news.data?.pages.flatMap((p) => p.result) ?? [];
  return (
    <section className="page news">
      <div className="page-head">
        <h1>{t('news.title')}</h1>
      </div>
      {news.isPending ? (
        <div className="panel">
          <LoadingState label={t('news.loading')} />
        </div>
      ) : news.isError ? (
        <div className="panel">
          <ErrorState
            title={t('news.loadFailed')}
            error={news.error}
            onRetry={() => void news.refetch()}
          />
        </div>
      ) : items.length === 0 ? (
        <div className="panel">
          <EmptyState title={t('news.empty')} />
        </div>
      ) : (
        <>
          <ul className="news-list">
            {items.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </ul>
          <div className="news__more">
            {news.hasNextPage ? (
              <button
                type="button"
                className="button"
                onClick={() => void news.fetchNextPage()}
                disabled={news.isFetchingNextPage}
              >
                {news.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
              </button>
            ) : (
              <p className="muted">{t('common.noMore')}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
