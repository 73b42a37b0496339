import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dropdown } from '../../../components/dropdown';
import { BellIcon } from '../../../components/icons';
import { PATHS } from '../../../config/paths';
import { analytics } from '../../../lib/analytics';
import { formatWhen, notificationText } from '../../../lib/notification-text';
import { useNotifications } from '../../../lib/notifications';
import { useMarkRead, useNotificationPushes, useUnreadCount } from '../api/notifications';
import '../notifications.css';

const RECENT = 5;

/** Badge count as shown: 99+ past 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The header's bell: the unread count (live over the socket) and the latest notices. */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationPushes();
  const unread = useUnreadCount().data ?? 0;
  const label =
    unread > 0
      ? `${t('notifications.bell')}, ${t('notifications.unreadBadge', { count: unread })}`
      : t('notifications.bell');
  return (
    <Dropdown
      label={label}
      className="notification-bell"
      trigger={
        <span className="notification-bell__icon">
          <BellIcon />
          {unread > 0 && (
            <span className="notification-badge" data-testid="unread-badge">
              {badgeText(unread)}
            </span>
          )}
        </span>
      }
    >
      {(close) => <RecentNotices unread={unread} close={close} />}
    </Dropdown>
  );
}

/** The open menu: the latest notices (read only while the menu is open). */
function RecentNotices({ unread, close }: { unread: number; close: () => void }) {
  const { t, i18n } = useTranslation();
  const recent = useNotifications(1, false, RECENT);
  const markRead = useMarkRead();
  return (
    <div className="notification-menu">
      <div className="notification-menu__head">
        <strong>{t('notifications.recent')}</strong>
        {unread > 0 && (
          <button
            type="button"
            className="link-button"
            onClick={() => markRead.mutate('ALL')}
            disabled={markRead.isPending}
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      {recent.data && recent.data.result.length > 0 ? (
        <ul className="notification-menu__list">
          {recent.data.result.map((n) => {
            const text = notificationText(t, n, i18n.language);
            return (
              <li key={n.id}>
                <Link
                  to={`${PATHS.messageCenter}?id=${n.id}`}
                  className={`notification-menu__item${n.read ? '' : ' is-unread'}`}
                  onClick={close}
                >
                  <span className="notification-menu__title">{text.title}</span>
                  <span className="notification-menu__body">{text.body}</span>
                  <span className="notification-menu__when muted">
                    {formatWhen(n.createdAt, i18n.language)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="notification-menu__empty muted">
          {recent.isPending ? '…' : t('notifications.none')}
        </p>
      )}
      <Link
        className="notification-menu__all"
        to={PATHS.messageCenter}
        onClick={() => {
          analytics.track({ category: 'header_menu', action: 'message_center' });
          close();
        }}
      >
        {t('notifications.viewAll')}
      </Link>
    </div>
  );
}
