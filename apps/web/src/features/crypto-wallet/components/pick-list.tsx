import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatTime } from '../../../lib/format';

export interface PickItem {
  id: string;
  value: string;
  note: string;
  usable: boolean;
  usableFrom: string;
}

/** Choosing a whitelisted address or UID: entries still cooling are shown, not choosable. */
export function PickList({
  open,
  onClose,
  title,
  empty,
  items,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  empty: string;
  items: readonly PickItem[];
  onPick: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="crypto-picks">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="crypto-pick"
                disabled={!item.usable}
                onClick={() => {
                  onPick(item.value);
                  onClose();
                }}
              >
                <span className="crypto-pick__note">{item.note}</span>
                <code className="crypto-pick__value">{item.value}</code>
                {!item.usable && (
                  <span className="muted crypto-pick__cooling">
                    {t('crypto.withdraw.cooling', { time: formatTime(item.usableFrom) })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
