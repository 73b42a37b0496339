import { useEffect, useState } from 'react';

/** A QR code of `text`, drawn by the `qrcode` package (loaded with the first code shown). */
export function QrCode({ text, size, alt }: { text: string; size: number; alt: string }) {
  const [src, setSrc] = useState<{ text: string; data: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (live) setSrc({ text, data });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div className="crypto-qr" style={{ width: size, height: size }}>
      {src?.text === text ? (
        <img src={src.data} width={size} height={size} alt={alt} data-testid="deposit-qr" />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  );
}
