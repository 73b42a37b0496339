import { useTranslation } from 'react-i18next';
import '../styles/pager.css';

/** Previous / page N / next under a paged list; a next page exists only when this one is full. */
export function Pager({
  pageNum,
  hasNext,
  onPage,
}: {
  pageNum: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t('trade.orders.paging')}>
      <button
        type="button"
        className="button"
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
      >
        {t('trade.orders.prev')}
      </button>
      <span>{t('trade.orders.page', { page: pageNum })}</span>
      <button
        type="button"
        className="button"
        disabled={!hasNext}
        onClick={() => onPage(pageNum + 1)}
      >
        {t('trade.orders.next')}
      </button>
    </nav>
  );
}
