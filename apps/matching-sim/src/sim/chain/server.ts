import {
  chainAddressRequest,
  chainBlocksRequest,
  chainBroadcastRequest,
  chainCoinStatusRequest,
  chainConnectionRequest,
  chainFailWithdrawalRequest,
  chainFaucetRequest,
} from '@exchange/contracts';
import { simServer, type SimServer } from '../kit/server.js';
import type { ChainSim } from './chain-sim.js';

/**
 * The chain's API, as a custody provider's would be; every call is signed with the shared secret
 * (by the exchange's gateway, or the `sim:chain` command):
 * - `POST /addresses` {kind, index, callbackUrl} -> {kind, index, address}
 * - `POST /broadcast` {withdrawalId, network, asset, address, amount, callbackUrl} -> {txId}
 * - `GET /status` -> {networks: [{network, kind, height, coinStatus, connected}]}
 * Developer commands: `POST /faucet`, `/mine`, `/reorg`, `/coin-status`, `/connection`, `/fail-withdrawal`;
 * `GET /transfers`. And `GET /health`, unsigned.
 */
export function chainSimServer(sim: ChainSim, secret: string): SimServer {
  const server = simServer({ secret, bodyLimit: 64 * 1024 });
  server.signed('GET', '/status', () => sim.status());
  server.signed('GET', '/transfers', () => sim.list());
  server.signed('POST', '/addresses', (req) => {
    const r = chainAddressRequest.parse(req.json());
    return { ...r, address: sim.registerAddress(r.kind, r.index, r.callbackUrl) };
  });
  server.signed('POST', '/broadcast', (req) =>
    sim.broadcast(chainBroadcastRequest.parse(req.json())),
  );
  server.signed('POST', '/faucet', (req) => {
    const r = chainFaucetRequest.parse(req.json());
    return sim.send(r.network, r.address, r.amount, r.asset);
  });
  server.signed('POST', '/mine', (req) => {
    const r = chainBlocksRequest.parse(req.json());
    return { height: sim.mineNow(r.network, r.blocks) };
  });
  server.signed('POST', '/reorg', (req) => {
    const r = chainBlocksRequest.parse(req.json());
    return sim.reorg(r.network, r.blocks);
  });
  server.signed('POST', '/coin-status', (req) => {
    const r = chainCoinStatusRequest.parse(req.json());
    sim.setStatus(r.network, r.coinStatus);
    return { ok: true };
  });
  server.signed('POST', '/connection', (req) => {
    const r = chainConnectionRequest.parse(req.json());
    sim.setConnected(r.network, r.connected);
    return { ok: true };
  });
  server.signed('POST', '/fail-withdrawal', (req) => {
    const r = chainFailWithdrawalRequest.parse(req.json());
    sim.failWithdrawal(r.withdrawalId, r.reason);
    return { ok: true };
  });
  return server;
}
