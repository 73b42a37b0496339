// The trade feature's endpoints, one module each (contract schema, query options, hook).
export * from './market-data';
export * from './orders';
export {
  balancesKey,
  balancesQueryOptions,
  fetchBalances,
  useBalances,
  type Balance,
} from '../../../lib/wallet-balances';
