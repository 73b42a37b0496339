import { WALLET_ENDPOINTS, ledgerFlow, page, type LedgerFlow } from '@exchange/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { call } from '../../../lib/endpoint';

/**
 * The ledger entries behind transaction history, one per leg (freeze, release, settlement, fee,
 * each on its part of the balance): the detailed export for auditors. Not shown on screen.
 */
const flowPage = page(ledgerFlow);

export const fetchFlows = (
  client: ApiClient,
  query: { startTime: number; asset?: string | undefined; pageNum: number; pageSize: number },
) => call(client, WALLET_ENDPOINTS.flows, flowPage, { query });

/** Every entry of the past 6 months from `startTime`, page by page (at most 100 pages of 100). */
export async function fetchAllFlows(
  client: ApiClient,
  filters: { startTime: number; asset?: string | undefined },
): Promise<LedgerFlow[]> {
  const out: LedgerFlow[] = [];
  for (let pageNum = 1; pageNum <= 100; pageNum += 1) {
    const got = await fetchFlows(client, { ...filters, pageNum, pageSize: 100 });
    out.push(...got.result);
    if (got.result.length < 100) break;
  }
  return out;
}
