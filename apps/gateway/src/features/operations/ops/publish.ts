import {
  RuntimeMode,
  isAssetAvailable,
  type Asset,
  type PushPayload,
  type TradingSymbol,
} from '@exchange/contracts';
import { announceCatalogueChange } from '../../../lib/catalogue-changes.js';
import type { Db, Prisma } from '../../../db/client.js';
import { toAsset, toSymbol } from '../../platform/catalogue/catalogue-repository.js';
import { publicTopic, type FanoutMessage } from '../../platform/socket/fanout.js';
import type { OpsDeps } from './ops-deps.js';

const MODES = Object.values(RuntimeMode);

/**
 * A symbol as a mode's catalogue offers it: one whose base or counter asset is not offered in
 * the mode is shown as INACTIVE there (the REST catalogue leaves it out), so a client merging
 * the push drops it as the spec's availability rule says.
 */
export function symbolInMode(s: TradingSymbol, assets: Asset[], mode: RuntimeMode): TradingSymbol {
  const offered = (code: string) =>
    assets.some((a) => a.code === code && isAssetAvailable(a, mode));
  return offered(s.baseAssetCode) && offered(s.counterAssetCode) ? s : { ...s, status: 'INACTIVE' };
}

/**
 * The pushes that tell every open client, in every mode, of the assets and symbols an operator
 * changed: `updateAssetItem` and `updateSymbolItem` carry each item as the catalogue now shows
 * it, which clients merge by code; an asset's change also republishes its symbols, whose
 * availability follows it. Built inside the change's transaction (it reads the new rows), so
 * that nothing but the publication itself stands between the commit and the clients.
 */
export async function catalogueMessages(
  db: Prisma.TransactionClient | Db,
  changed: { assets?: string[]; symbols?: string[] },
  notices: PushPayload<'system'>[] = [],
): Promise<FanoutMessage[]> {
  const assetCodes = changed.assets ?? [];
  const assets = (
    await db.asset.findMany({ orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }] })
  ).map(toAsset);
  const symbolRows = await db.tradingSymbol.findMany({
    where: {
      OR: [
        { code: { in: changed.symbols ?? [] } },
        { baseAssetCode: { in: assetCodes } },
        { counterAssetCode: { in: assetCodes } },
      ],
    },
    orderBy: [{ sortOrder: 'asc' }, { code: 'asc' }],
  });
  const assetItems = assets.filter((a) => assetCodes.includes(a.code));
  const symbols = symbolRows.map(toSymbol);
  const messages: FanoutMessage[] = [];
  for (const mode of MODES) {
    if (assetItems.length)
      messages.push({ topic: publicTopic('updateAssetItem', mode), data: assetItems });
    if (symbols.length)
      messages.push({
        topic: publicTopic('updateSymbolItem', mode),
        data: symbols.map((s) => symbolInMode(s, assets, mode)),
      });
    for (const notice of notices)
      messages.push({ topic: publicTopic('system', mode), data: notice });
  }
  return messages;
}

/**
 * Publishes a committed catalogue change through Redis: first the announcement that makes every
 * gateway drop its cached symbol rules (so a client that reads the push finds them dropped),
 * then the clients' pushes.
 */
export async function publishCatalogue(
  deps: Pick<OpsDeps, 'redis' | 'fanout'>,
  messages: FanoutMessage[],
): Promise<void> {
  await announceCatalogueChange(deps.redis, 'catalogue');
  await deps.fanout.publishMany(messages);
}

/** Re-exported for the services that read one row back after a change. */
export { toAsset, toSymbol };
