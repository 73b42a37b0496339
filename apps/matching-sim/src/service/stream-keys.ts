/** Redis stream names of one engine shard, shared with the gateway through the contracts. */
export { engineStreamKeys as streamKeys } from '@exchange/contracts';
