import type { AuthenticatorSetup } from '@exchange/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { useAuthenticatorSetup, useLinkAuthenticator } from '../api/security';
import { googleCodeError } from '../../../lib/validation';
import { GoogleCodeField } from '../../../components/step-up/google-code-field';

const QR_SIZE = 176;

/** The QR code of the otpauth:// URI; the library loads only when the dialog opens. */
function SetupCode({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (live) setSrc(data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="security-qr" style={{ width: QR_SIZE, height: QR_SIZE }}>
      {src ? (
        <img src={src} width={QR_SIZE} height={QR_SIZE} alt={t('security.link.qrAlt')} />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  );
}

/** Link: a new secret as a QR code and as text, confirmed by a code from the app. */
export function LinkAuthenticatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const setup = useAuthenticatorSetup();
  const link = useLinkAuthenticator();
  const [shown, setShown] = useState<AuthenticatorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { mutate: startSetup } = setup;

  useEffect(() => {
    if (!open) return;
    setShown(null);
    setCode('');
    setError(null);
    link.reset();
    startSetup(undefined, { onSuccess: setShown });
    // A new secret each time the dialog opens.
  }, [open]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = googleCodeError(code, t);
    setError(problem);
    if (problem) return;
    link.mutate({ googleCode: code.trim() }, { onSuccess: onClose, onError: () => setCode('') });
  };
  const failure = setup.error ?? link.error;

  return (
    <Modal open={open} onClose={onClose} title={t('security.link.title')}>
      <form className="form" onSubmit={onSubmit} noValidate data-testid="link-authenticator">
        <p>{t('security.link.scan')}</p>
        {shown ? (
          <div className="security-setup">
            <SetupCode url={shown.otpauthUrl} />
            <div className="security-setup__key">
              <span className="muted">{t('security.link.key')}</span>
              <code data-testid="authenticator-secret">{shown.secret}</code>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  void navigator.clipboard?.writeText(shown.secret).then(() => setCopied(true));
                }}
              >
                {copied ? t('security.link.copied') : t('security.link.copy')}
              </button>
              <span className="muted">{t('security.link.keyHint')}</span>
            </div>
          </div>
        ) : (
          !failure && <span className="spinner" aria-hidden="true" />
        )}
        <p>{t('security.link.enter')}</p>
        <GoogleCodeField value={code} onChange={setCode} error={error} />
        {failure && (
          <p className="notice notice--error" role="alert">
            {errorText(failure, t)}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!shown || link.isPending}
        >
          {t('security.link.action')}
        </button>
      </form>
    </Modal>
  );
}
