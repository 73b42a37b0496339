import {
  isAssetAvailable,
  isSymbolAvailable,
  type Asset,
  type TradingSymbol,
} from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueKeys, mergeAvailable } from '../lib/catalogue';
import { useRuntimeMode } from '../lib/settings';
import { useSocketChannel } from '../lib/socket/socket-context';
import { addSystemNotice } from '../lib/system-notices';
import { showToast } from '../lib/toast';

/**
 * Catalogue system events from the socket, merged into the current mode's catalogue queries
 * (other modes' are refetched when the mode switches): an item still available in the mode
 * replaces the one with its code, one no longer available (spec section 5) leaves the list.
 * `system` notices: the end of a maintenance is toasted; exchange-wide notices are kept for the
 * banner (maintenance of an asset or symbol shows from the catalogue itself); a news item
 * published or removed refreshes the news, and an announcement in the reader's language is a
 * banner too.
 */
export function SocketBridge() {
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  const { t, i18n } = useTranslation();
  useSocketChannel('updateAssetItem', (data) => {
    for (const update of Array.isArray(data) ? data : [data]) {
      queryClient.setQueriesData<Asset[]>({ queryKey: catalogueKeys.assets() }, (list) =>
        mergeAvailable(list, update, isAssetAvailable(update, mode)),
      );
    }
  });
  useSocketChannel('updateSymbolItem', (data) => {
    for (const update of Array.isArray(data) ? data : [data]) {
      queryClient.setQueriesData<TradingSymbol[]>(
        { queryKey: catalogueKeys.symbols(mode) },
        (list) => mergeAvailable(list, update, isSymbolAvailable(update, mode)),
      );
    }
  });
  useSocketChannel('system', (notice) => {
    if (notice.type === 'NEWS' || notice.type === 'ANNOUNCEMENT') {
      // A news item was published or removed: every news list refreshes; a published
      // announcement shows as a banner to the readers of its language.
      void queryClient.invalidateQueries({ queryKey: ['news'] });
      if (
        notice.type === 'ANNOUNCEMENT' &&
        notice.active !== false &&
        (!notice.language || notice.language === i18n.language)
      )
        addSystemNotice(notice);
      return;
    }
    if (notice.scope === 'ASSET' || notice.scope === 'SYMBOL') {
      if (notice.active === false && notice.code)
        showToast(t('maintenance.ended', { name: notice.code.replace('_', '/') }), 'info');
      return;
    }
    addSystemNotice(notice);
  });
  return null;
}
