import { ErrorCode } from '@exchange/contracts';
import type { Db } from '../client.js';
import { seedAssets, seedSymbols } from './catalogue-data.js';
import { seedLegalDocuments } from './legal-data.js';
import { seedNews } from './news-data.js';
import { seedNetworks } from './network-data.js';

/** Demonstration block-list entry: a withdrawal endpoint under maintenance, disabled by default. */
const SEED_BLOCKLIST = [
  {
    id: 1,
    entries: [{ url: '/v1/wallet/withdraw/crypto', method: 'POST' }],
    maskCode: ErrorCode.UNDER_MAINTENANCE.code,
    targetTag: 'maintenance',
    enabled: false,
  },
];

/**
 * Idempotent: inserts or updates the catalogue, so `npm start` can run it every time. What the
 * operator switches (an asset's or symbol's status and its modes, `npm run ops -- symbol set`)
 * is set on creation only: a restart never undoes it. A change to the shipped modes of existing
 * rows is a migration.
 */
export async function seed(db: Db): Promise<{ assets: number; symbols: number }> {
  await db.$transaction(async (tx) => {
    for (const a of seedAssets) {
      const data = {
        ...a,
        publishTime: a.publishTime ? new Date(a.publishTime) : null,
        links: a.links,
      };
      const { status: _status, tags: _tags, ...described } = data;
      await tx.asset.upsert({ where: { code: a.code }, create: data, update: described });
    }
    for (const s of seedSymbols) {
      const { status: _status, tags: _tags, ...described } = s;
      await tx.tradingSymbol.upsert({ where: { code: s.code }, create: s, update: described });
    }
    // Networks: created with their limits; later runs refresh only what describes the network,
    // so an operator's limits, switches and the chain-reported coin status are kept.
    for (const n of seedNetworks) {
      const { asset, network, name, kind, tokenStandard, contract, chainDecimals, sortOrder } = n;
      await tx.assetNetwork.upsert({
        where: { asset_network: { asset, network } },
        create: n,
        update: { name, kind, tokenStandard, contract, chainDecimals, sortOrder },
      });
    }
    for (const b of SEED_BLOCKLIST) {
      await tx.blockListItem.upsert({ where: { id: b.id }, create: b, update: {} });
    }
    for (const n of seedNews) {
      const data = { ...n, language: 'en', publishedAt: new Date(n.publishedAt) };
      await tx.newsItem.upsert({ where: { id: n.id }, create: data, update: {} });
    }
    // Legal pages: version 1 in English, only for a document with no text yet (an operator's
    // own texts and versions are never touched).
    for (const d of seedLegalDocuments) {
      if (await tx.legalDocument.findFirst({ where: { slug: d.slug }, select: { id: true } }))
        continue;
      await tx.legalDocument.create({
        data: { ...d, version: 1, language: 'en', publishedAt: new Date('2026-11-01T00:00:00Z') },
      });
    }
    // Keep the id sequences past the seeded rows.
    for (const table of ['block_list_item', 'news_item']) {
      await tx.$executeRawUnsafe(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT MAX(id) FROM ${table}), 1))`,
      );
    }
  });
  return { assets: seedAssets.length, symbols: seedSymbols.length };
}
