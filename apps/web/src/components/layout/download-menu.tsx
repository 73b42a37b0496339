import { DOWNLOAD_QR_SIZE_PX } from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINKS } from '../../config/links';
import { Dropdown } from '../dropdown';
import { DownloadIcon } from '../icons';

/** The QR code library loads only when the menu opens: it is not part of the first page load. */
function InstallerCode() {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) =>
        qr.toDataURL(LINKS.appInstaller, {
          width: DOWNLOAD_QR_SIZE_PX,
          margin: 2,
          errorCorrectionLevel: 'M',
        }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="download">
      <p className="download__title">{t('nav.downloadTitle')}</p>
      <div
        className="download__code"
        style={{ width: DOWNLOAD_QR_SIZE_PX, height: DOWNLOAD_QR_SIZE_PX }}
      >
        {src ? (
          <img
            src={src}
            width={DOWNLOAD_QR_SIZE_PX}
            height={DOWNLOAD_QR_SIZE_PX}
            alt={t('nav.downloadTitle')}
          />
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
      </div>
      <p className="muted download__hint">{t('nav.downloadHint')}</p>
      <a className="link" href={LINKS.appInstaller} rel="noopener">
        {t('nav.downloadLink')}
      </a>
    </div>
  );
}

export function DownloadMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      label={t('nav.download')}
      className="download-menu hide-mobile"
      trigger={<DownloadIcon />}
    >
      {() => <InstallerCode />}
    </Dropdown>
  );
}
