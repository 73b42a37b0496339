import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/store';
import { dismissToast, toastStore } from '../lib/toast';

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore);
  return (
    <div
      className="toaster"
      aria-live="assertive"
      role="region"
      aria-label={t('notifications.bell')}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            className="toast__close"
            onClick={() => dismissToast(toast.id)}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
