import type { NewsItem, Notification } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS, flashConfirmPath, loginPath } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { formatWhen, notificationText } from '../../../lib/notification-text';
import { useNotifications } from '../../../lib/notifications';
import {
  hasNextPage,
  useAnnouncements,
  useEmailPreferences,
  useMarkRead,
  useNotification,
  useSaveEmailPreferences,
  useUnreadCount,
} from '../api/notifications';
import '../notifications.css';

type Tab = 'personal' | 'announcements';

const InboxArt = () => (
  <svg className="state__art" viewBox="0 0 64 48" aria-hidden="true" focusable="false">
    <rect x="4" y="6" width="56" height="36" rx="6" />
    <path d="M4 12l28 18 28-18" />
  </svg>
);

function Pager({
  pageNum,
  hasNext,
  onPage,
}: {
  pageNum: number;
  hasNext: boolean;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation();
  if (pageNum === 1 && !hasNext) return null;
  return (
    <nav className="message-pager" aria-label={t('notifications.page', { page: pageNum })}>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
      >
        {t('notifications.previous')}
      </button>
      <span className="muted">{t('notifications.page', { page: pageNum })}</span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={!hasNext}
        onClick={() => onPage(pageNum + 1)}
      >
        {t('notifications.next')}
      </button>
    </nav>
  );
}

function NotificationDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useNotification(id);
  const { mutate: markRead } = useMarkRead();
  const unreadId = detail.data && !detail.data.read ? detail.data.id : null;
  // Opening an unread notice reads it (once: the mutation's function is stable).
  useEffect(() => {
    if (unreadId) markRead([unreadId]);
  }, [unreadId, markRead]);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError)
    return <ErrorState title={t('messages.title')} error={detail.error} onRetry={onBack} />;
  const text = notificationText(t, detail.data, i18n.language);
  return (
    <article className="panel message-detail" data-testid="notification-detail">
      <button type="button" className="link-button" onClick={onBack}>
        ← {t('notifications.back')}
      </button>
      <h2>{text.title}</h2>
      <p className="muted">{formatWhen(detail.data.createdAt, i18n.language)}</p>
      <p className="message-detail__body">{text.body}</p>
      {detail.data.type === 'FLASH_REMITTANCE_REQUEST' && (
        <Link
          className="button button--primary"
          to={flashConfirmPath(detail.data.params.requestId)}
          data-testid="notification-flash-open"
        >
          {t('notifications.types.FLASH_REMITTANCE_REQUEST.open')}
        </Link>
      )}
      {detail.data.type === 'COMPETITION_RESULT' && (
        <Link
          className="button button--primary"
          to={`${PATHS.tradeForReward}?period=${detail.data.params.periodId}`}
          data-testid="notification-competition-open"
        >
          {t('notifications.types.COMPETITION_RESULT.open')}
        </Link>
      )}
    </article>
  );
}

function NotificationRow({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const text = notificationText(t, n, i18n.language);
  return (
    <li>
      <button
        type="button"
        className={`message-row${n.read ? '' : ' is-unread'}`}
        onClick={onOpen}
        data-testid="notification-row"
      >
        <span className="message-row__dot" aria-hidden="true" />
        <span className="message-row__text">
          <span className="message-row__title">
            {text.title}
            {!n.read && <span className="visually-hidden"> ({t('notifications.unread')})</span>}
          </span>
          <span className="message-row__body muted">{text.body}</span>
        </span>
        <span className="message-row__when muted">{formatWhen(n.createdAt, i18n.language)}</span>
      </button>
    </li>
  );
}

function PersonalList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications(pageNum, unreadOnly);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  return (
    <section className="panel message-list" aria-label={t('notifications.tabs.personal')}>
      <div className="message-toolbar">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPageNum(1);
            }}
          />{' '}
          {t('notifications.unreadOnly')}
        </label>
        <span className="muted" data-testid="unread-count">
          {t('notifications.unreadBadge', { count: unread })}
        </span>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate('ALL')}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('messages.title')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.result.length === 0 ? (
        <EmptyState title={t('notifications.none')} icon={<InboxArt />}>
          <p>{t('notifications.noneBody')}</p>
        </EmptyState>
      ) : (
        <ul className="message-rows">
          {list.data.result.map((n) => (
            <NotificationRow key={n.id} n={n} onOpen={() => onOpen(n.id)} />
          ))}
        </ul>
      )}
      <Pager
        pageNum={pageNum}
        hasNext={list.data ? hasNextPage(list.data) : false}
        onPage={setPageNum}
      />
    </section>
  );
}

function AnnouncementList() {
  const { t, i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useAnnouncements(i18n.language, pageNum);
  const row = (a: NewsItem) => (
    <li key={a.id}>
      <button
        type="button"
        className="message-row"
        aria-expanded={open === a.id}
        onClick={() => setOpen(open === a.id ? null : a.id)}
      >
        <span className="message-row__text">
          <span className="message-row__title">{a.title}</span>
          <span className="message-row__body muted">{open === a.id ? a.body : a.summary}</span>
        </span>
        <span className="message-row__when muted">{formatWhen(a.publishedAt, i18n.language)}</span>
      </button>
    </li>
  );
  return (
    <section className="panel message-list" aria-label={t('notifications.tabs.announcements')}>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('messages.title')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.result.length === 0 ? (
        <EmptyState title={t('notifications.noAnnouncements')} icon={<InboxArt />} />
      ) : (
        <ul className="message-rows">{list.data.result.map(row)}</ul>
      )}
      <Pager
        pageNum={pageNum}
        hasNext={list.data ? hasNextPage(list.data) : false}
        onPage={setPageNum}
      />
    </section>
  );
}

function EmailPreferences() {
  const { t } = useTranslation();
  const prefs = useEmailPreferences();
  const save = useSaveEmailPreferences();
  if (!prefs.data) return null;
  return (
    <section className="panel message-prefs" aria-labelledby="email-prefs">
      <h2 id="email-prefs">{t('notifications.prefs.title')}</h2>
      <p className="muted">{t('notifications.prefs.body')}</p>
      <ul>
        {prefs.data.map((p) => (
          <li key={p.type}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={p.email}
                disabled={!p.changeable || save.isPending}
                data-testid={`email-pref-${p.type}`}
                onChange={(e) =>
                  save.mutate({ preferences: [{ type: p.type, email: e.target.checked }] })
                }
              />{' '}
              {t(`notifications.types.${p.type}.name`)}
            </label>
            {!p.changeable && (
              <span className="muted message-prefs__fixed">{t('notifications.prefs.always')}</span>
            )}
          </li>
        ))}
      </ul>
      {save.isSuccess && (
        <p className="notice notice--success" role="status">
          {t('notifications.prefs.saved')}
        </p>
      )}
    </section>
  );
}

/**
 * /MessageCenter (public): announcements for everyone; personal notifications, their detail
 * (`?id=`) and the e-mail choices after login.
 */
export function MessageCenterPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const loggedIn = token !== null;
  const [tab, setTab] = useState<Tab>(loggedIn ? 'personal' : 'announcements');
  const openId = params.get('id');
  const shown: Tab = tab;
  const open = (id: string | null) => setParams(id ? { id } : {}, { replace: false });

  return (
    <section className="page message-center">
      <div className="page-head">
        <h1>{t('messages.title')}</h1>
      </div>
      <div className="message-tabs" role="tablist">
        {(['personal', 'announcements'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            className="message-tab"
            aria-selected={shown === key}
            onClick={() => {
              setTab(key);
              open(null);
            }}
          >
            {t(`notifications.tabs.${key}`)}
          </button>
        ))}
      </div>
      {shown === 'personal' && !loggedIn && (
        <div className="panel message-login">
          <p>{t('notifications.loginToSee')}</p>
          <Link className="button button--primary" to={loginPath(PATHS.messageCenter)}>
            {t('notifications.login')}
          </Link>
        </div>
      )}
      {shown === 'announcements' && <AnnouncementList />}
      {shown === 'personal' &&
        loggedIn &&
        (openId ? (
          <NotificationDetail id={openId} onBack={() => open(null)} />
        ) : (
          <>
            <PersonalList onOpen={(id) => open(id)} />
            <EmailPreferences />
          </>
        ))}
    </section>
  );
}
