import { useTranslation } from 'react-i18next';

/** One step of the beginner guidance, until the user dismisses it. */
export function GuideTip({
  text,
  onDismiss,
  step,
}: {
  text: string;
  onDismiss: () => void;
  step: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="crypto-guide" role="note" data-testid={`guide-${step}`}>
      <p>{text}</p>
      <button type="button" className="button button--small" onClick={onDismiss}>
        {t('crypto.guide.gotIt')}
      </button>
    </div>
  );
}
