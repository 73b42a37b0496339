import {
  assetTag,
  type Asset,
  type AssetTag,
  type PushPayload,
  type TradingSymbol,
} from '@exchange/contracts';
import type { Prisma } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { listAssets, listSymbols } from '../../platform/catalogue/catalogue-repository.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';
import { catalogueMessages, publishCatalogue, toAsset, toSymbol } from './publish.js';

export const ASSET_STATUSES = ['ACTIVE', 'INACTIVE', 'MAINTENANCE'] as const;
export const SYMBOL_STATUSES = ['ACTIVE', 'INACTIVE', 'HALTED'] as const;
type AssetStatus = (typeof ASSET_STATUSES)[number];
type SymbolStatus = (typeof SYMBOL_STATUSES)[number];

/** The most an operator's maintenance message may say (it is shown in a banner). */
export const MAINTENANCE_MESSAGE_MAX = 200;

function parseTags(tags: string[] | undefined): AssetTag[] | undefined {
  if (tags === undefined) return undefined;
  const out: AssetTag[] = [];
  for (const t of tags) {
    const parsed = assetTag.safeParse(t);
    if (!parsed.success)
      throw new AppError('OPS_INVALID', { reason: `unknown tag "${t}" (real, simulated)` });
    if (!out.includes(parsed.data)) out.push(parsed.data);
  }
  return out;
}

function checkStatus<S extends string>(
  status: string | undefined,
  allowed: readonly S[],
): S | undefined {
  if (status === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(status))
    throw new AppError('OPS_INVALID', {
      reason: `unknown status "${status}" (${allowed.join(', ')})`,
    });
  return status as S;
}

function checkMessage(message: string | undefined): string {
  const m = message?.trim() ?? '';
  if (m.length === 0)
    throw new AppError('OPS_INVALID', { reason: 'maintenance needs a --message for users' });
  if (m.length > MAINTENANCE_MESSAGE_MAX)
    throw new AppError('OPS_INVALID', {
      reason: `the message is longer than ${MAINTENANCE_MESSAGE_MAX} characters`,
    });
  return m;
}

export const listAllAssets = (deps: Pick<OpsDeps, 'db'>): Promise<Asset[]> => listAssets(deps.db);
export const listAllSymbols = (deps: Pick<OpsDeps, 'db'>): Promise<TradingSymbol[]> =>
  listSymbols(deps.db);

type Tx = Prisma.TransactionClient;

async function findAsset(db: Tx, code: string) {
  const row = await db.asset.findUnique({ where: { code } });
  if (!row) throw new AppError('OPS_NOT_FOUND', { entity: 'asset', key: code });
  return row;
}

async function findSymbol(db: Tx, code: string) {
  const row = await db.tradingSymbol.findUnique({ where: { code } });
  if (!row) throw new AppError('OPS_NOT_FOUND', { entity: 'symbol', key: code });
  return row;
}

/** Changes an asset's status and/or tags; audited and published. */
export async function setAsset(
  deps: OpsDeps,
  input: { code: string; status?: string | undefined; tags?: string[] | undefined },
): Promise<Asset> {
  const status = checkStatus<AssetStatus>(input.status, ASSET_STATUSES);
  const tags = parseTags(input.tags);
  if (status === undefined && tags === undefined)
    throw new AppError('OPS_INVALID', { reason: 'nothing to change: give --status or --tags' });
  const { after, messages } = await deps.db.$transaction(async (tx) => {
    const before = toAsset(await findAsset(tx, input.code));
    const row = await tx.asset.update({
      where: { code: input.code },
      data: { ...(status ? { status } : {}), ...(tags ? { tags } : {}) },
    });
    const after = toAsset(row);
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'asset',
      entityKey: input.code,
      action: 'set',
      before,
      after,
      at: deps.clock.date(),
    });
    return { after, messages: await catalogueMessages(tx, { assets: [input.code] }) };
  });
  await publishCatalogue(deps, messages);
  return after;
}

/** Changes a symbol's status and/or tags; audited and published. */
export async function setSymbol(
  deps: OpsDeps,
  input: { code: string; status?: string | undefined; tags?: string[] | undefined },
): Promise<TradingSymbol> {
  const status = checkStatus<SymbolStatus>(input.status, SYMBOL_STATUSES);
  const tags = parseTags(input.tags);
  if (status === undefined && tags === undefined)
    throw new AppError('OPS_INVALID', { reason: 'nothing to change: give --status or --tags' });
  const { after, messages } = await deps.db.$transaction(async (tx) => {
    const before = toSymbol(await findSymbol(tx, input.code));
    const row = await tx.tradingSymbol.update({
      where: { code: input.code },
      data: { ...(status ? { status } : {}), ...(tags ? { tags } : {}) },
    });
    const after = toSymbol(row);
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'symbol',
      entityKey: input.code,
      action: 'set',
      before,
      after,
      at: deps.clock.date(),
    });
    return { after, messages: await catalogueMessages(tx, { symbols: [input.code] }) };
  });
  await publishCatalogue(deps, messages);
  return after;
}

/**
 * Puts an asset or a symbol under maintenance with a message for users, or ends it. A symbol
 * under maintenance refuses new orders (1300; cancels still work); an asset under maintenance
 * refuses withdrawals and new deposit addresses (5009). Both stay listed, and every open client
 * gets the item (its catalogue) and a `system` notice.
 */
export async function setMaintenance(
  deps: OpsDeps,
  input: { kind: 'asset' | 'symbol'; code: string; on: boolean; message?: string | undefined },
): Promise<Asset | TradingSymbol> {
  const message = input.on ? checkMessage(input.message) : null;
  const at = deps.clock.date();
  const data = { maintenanceMessage: message, maintenanceSince: message === null ? null : at };
  const notice: PushPayload<'system'> = {
    type: 'MAINTENANCE',
    message: message ?? '',
    ts: at.getTime(),
    scope: input.kind === 'asset' ? 'ASSET' : 'SYMBOL',
    code: input.code,
    active: input.on,
  };
  const { after, messages } = await deps.db.$transaction(async (tx) => {
    const before =
      input.kind === 'asset'
        ? toAsset(await findAsset(tx, input.code))
        : toSymbol(await findSymbol(tx, input.code));
    const after =
      input.kind === 'asset'
        ? toAsset(await tx.asset.update({ where: { code: input.code }, data }))
        : toSymbol(await tx.tradingSymbol.update({ where: { code: input.code }, data }));
    await writeAudit(tx, {
      actor: deps.actor,
      entity: input.kind,
      entityKey: input.code,
      action: input.on ? 'maintenance-on' : 'maintenance-off',
      before,
      after,
      at,
    });
    const changed = input.kind === 'asset' ? { assets: [input.code] } : { symbols: [input.code] };
    return { after, messages: await catalogueMessages(tx, changed, [notice]) };
  });
  await publishCatalogue(deps, messages);
  return after;
}
