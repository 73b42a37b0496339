import {
  CATALOGUE_ENDPOINTS,
  blockListItem,
  entryMatches,
  type BlockListItem,
} from '@exchange/contracts';
import type { ApiClient } from './api-client';
import { call } from './endpoint';
import { createStore } from './store';

/**
 * The block list, loaded once at startup: endpoint and method pairs the operator has switched
 * off. The api client answers such a call itself with the item's mask code, sparing a request.
 */
export const BLOCKLIST_PATH = CATALOGUE_ENDPOINTS.blocklist.path;
export const blocklistStore = createStore<readonly BlockListItem[]>([]);

export async function loadBlocklist(client: ApiClient): Promise<void> {
  const items = await call(client, CATALOGUE_ENDPOINTS.blocklist, blockListItem.array(), {
    silent: true,
  });
  blocklistStore.set(items);
}

/** The mask code of the first item denying this call, else null. */
export function blockedCode(method: string, path: string): number | null {
  const bare = path.split('?')[0] ?? path;
  if (bare === BLOCKLIST_PATH) return null;
  const item = blocklistStore
    .get()
    .find((i) => i.entries.some((e) => entryMatches(e, method, bare)));
  return item ? item.mask : null;
}
