import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CRYPTO_WALLET_ENDPOINTS,
  chainCallback,
  chainCallbackAck,
  cryptoDeposit,
  depositAddress,
  depositAddressQuery,
  depositIdParams,
  depositListQuery,
  networkList,
  networksQuery,
  ok,
  page,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { keepRawJsonBody, requireSignedCallback } from '../../../lib/signed-callback.js';
import {
  applyChainCallback,
  type ChainCallbackRegistry,
  type ChainDeps,
} from '../chain/chain-callbacks.js';
import type { DepositFlow } from './deposit-flow.js';
import { getDepositAddress, listDeposits } from './deposit-service.js';
import { listNetworks, type ConnectionStates } from './networks.js';

const tags = ['crypto-wallet'];

export interface CryptoRoutesDeps {
  chain: ChainDeps;
  registry: ChainCallbackRegistry;
  flow: DepositFlow;
  connections: ConnectionStates;
  callbackSecret: string;
  callbackWindowSeconds: number;
}

/** Networks, deposit addresses, crypto deposits and the chains' callbacks, under /v1/wallet/crypto. */
export function cryptoDepositRoutes(deps: CryptoRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CRYPTO_WALLET_ENDPOINTS.networks.path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "Every asset's networks (or one asset's): limits, confirmations, coin status and connection",
          querystring: networksQuery,
          response: responses(networkList),
        },
      },
      async (request) =>
        ok(
          await listNetworks({
            db: app.db,
            connections: deps.connections,
            asset: request.query.asset,
          }),
        ),
    );

    app.get(
      CRYPTO_WALLET_ENDPOINTS.depositAddress.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'The deposit address for an asset on a network (Real mode; created on first ask)',
          querystring: depositAddressQuery,
          response: responses(depositAddress),
        },
      },
      async (request) =>
        ok(
          await getDepositAddress({
            db: app.db,
            adapters: deps.chain.adapters,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            asset: request.query.asset,
            network: request.query.network,
            log: request.log,
          }),
        ),
    );

    app.get(
      CRYPTO_WALLET_ENDPOINTS.deposits.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Crypto deposits of the past 6 months, newest first (paged; Real mode)',
          querystring: depositListQuery,
          response: responses(page(cryptoDeposit)),
        },
      },
      async (request) =>
        ok(
          await listDeposits({
            db: app.db,
            clock: app.clock,
            userId: requireAuth(request).userId,
            mode: request.runtimeMode,
            query: request.query,
          }),
        ),
    );

    app.post(
      CRYPTO_WALLET_ENDPOINTS.depositRetry.path,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary:
            'Retry the risk review of a delayed deposit (10 minutes after its review started)',
          params: depositIdParams,
          response: responses(cryptoDeposit),
        },
      },
      async (request) => ok(await deps.flow.retry(requireAuth(request).userId, request.params.id)),
    );

    await app.register(chainCallbackRoute(deps));
  };
}

/**
 * The chain's signed reports (lib/signed-callback.ts), read as text so the signature is checked
 * over the exact bytes sent, then parsed by the contract. Answers 200 for an event applied,
 * ignored or already seen; `tracking` tells the chain whether to keep reporting the transfer.
 */
function chainCallbackRoute(deps: CryptoRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    app.post(
      CRYPTO_WALLET_ENDPOINTS.chainCallback.path,
      {
        config: { access: 'callback' },
        schema: {
          tags,
          summary:
            "A chain's signed report (x-signature, x-timestamp): deposits, reorgs, status, withdrawals",
          body: chainCallback,
          response: responses(chainCallbackAck),
        },
        preValidation: requireSignedCallback({
          party: 'chain',
          secret: deps.callbackSecret,
          windowSeconds: deps.callbackWindowSeconds,
          invalid: 'CHAIN_CALLBACK_SIGNATURE_INVALID',
          expired: 'CHAIN_CALLBACK_EXPIRED',
        }),
      },
      async (request) => {
        const result = await applyChainCallback(deps.chain, deps.registry, request.body);
        request.log.debug(
          { eventId: request.body.eventId, type: request.body.type, ...result },
          'chain callback',
        );
        return ok({ received: true, ...result });
      },
    );
  };
}
