import type { CSSProperties } from 'react';
import { badgeHue } from '../../../lib/wallet-rows';

/** An asset's code and name behind a round letter badge coloured from the code. */
export function AssetLabel({ code, name }: { code: string; name: string }) {
  return (
    <span className="asset-label">
      <span
        className="asset-badge"
        style={{ '--badge-hue': badgeHue(code) } as CSSProperties}
        aria-hidden="true"
      >
        {code.slice(0, 1)}
      </span>
      <span className="asset-label__text">
        <span className="asset-label__code">{code}</span>{' '}
        {name !== code && <span className="asset-label__name">{name}</span>}
      </span>
    </span>
  );
}
