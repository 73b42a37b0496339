import { runCli, say, simClient } from '../kit/cli.js';
import { cliSecret } from '../settings.js';

/**
 * Drives the simulated chains (`npm run sim:chain -- <command>`):
 *   status                                       heights, coin status, connection, recent transfers
 *   send <network> <address> <amount> [asset]    the faucet: coins to an address (BTC, ETH, TRX, SOL, XRP)
 *   mine <network> [n]                           mines n blocks now (default 1)
 *   reorg <network> <k>                          drops the last k blocks
 *   set-status <network> <STABLE|UNSTABLE|MAINTENANCE>
 *   disconnect <network> | connect <network>     the node stops or resumes (no blocks, no calls)
 *   fail-withdrawal <withdrawalId> ["<reason>"]  the network refuses a broadcast withdrawal
 * Reaches it at CHAIN_SIM_URL (default http://127.0.0.1:8092), signed with CHAIN_CALLBACK_SECRET
 * (from the environment, else the installation's .local/secrets.env that `npm start` made).
 */
const base = process.env.CHAIN_SIM_URL ?? 'http://127.0.0.1:8092';
const args = process.argv.slice(2).filter((a) => a !== '--');
const [command] = args;

const call = simClient(base, cliSecret('CHAIN_CALLBACK_SECRET'));

const USAGE = `Usage: npm run sim:chain -- status
       npm run sim:chain -- send <BTC|ETH|TRX|SOL|XRP> <address> <amount> [asset]
       npm run sim:chain -- mine <network> [blocks]
       npm run sim:chain -- reorg <network> <blocks>
       npm run sim:chain -- set-status <network> <STABLE|UNSTABLE|MAINTENANCE>
       npm run sim:chain -- disconnect <network> | connect <network>
       npm run sim:chain -- fail-withdrawal <withdrawalId> ["<reason>"]
`;

interface Listing {
  networks: { network: string; height: number; coinStatus: string; connected: boolean }[];
  transfers: {
    network: string;
    txId: string;
    outputIndex: number;
    asset: string;
    address: string;
    amount: string;
    blockHeight: number | null;
    withdrawalId: string | null;
  }[];
  deliveries: { eventId: string; type: string; attempts: number; lastError: string | null }[];
}

async function main(): Promise<number> {
  const [, a, b, c, d] = args;
  const net = a?.toUpperCase();
  switch (command) {
    case 'status': {
      const l = (await call('GET', '/transfers')) as Listing;
      for (const n of l.networks)
        say(
          `${n.network}  height ${n.height}  ${n.coinStatus}  ${n.connected ? 'connected' : 'DISCONNECTED'}`,
        );
      for (const t of l.transfers) {
        const height = new Map(l.networks.map((n) => [n.network, n.height])).get(t.network) ?? 0;
        const conf = t.blockHeight === null ? 'mempool' : `${height - t.blockHeight + 1} conf`;
        say(
          `  ${t.network} ${t.amount} ${t.asset} -> ${t.address}  ${t.txId}:${t.outputIndex}  ${conf}${t.withdrawalId ? `  withdrawal ${t.withdrawalId}` : ''}`,
        );
      }
      if (l.deliveries.length) say(`  ${l.deliveries.length} callbacks waiting for the exchange`);
      return 0;
    }
    case 'send':
      if (net && b && c) {
        const t = (await call('POST', '/faucet', {
          network: net,
          address: b,
          amount: c,
          ...(d ? { asset: d.toUpperCase() } : {}),
        })) as { txId: string; outputIndex: number; amount: string; asset: string };
        say(
          `Sent ${t.amount} ${t.asset} on ${net} to ${b}: tx ${t.txId} (output ${t.outputIndex}); mined in the next block.`,
        );
        return 0;
      }
      break;
    case 'mine':
      if (net) {
        const r = (await call('POST', '/mine', { network: net, blocks: Number(b ?? 1) })) as {
          height: number;
        };
        say(`${net} at height ${r.height}`);
        return 0;
      }
      break;
    case 'reorg':
      if (net && b) {
        const r = (await call('POST', '/reorg', { network: net, blocks: Number(b) })) as {
          dropped: unknown[];
          height: number;
        };
        say(
          `Dropped ${b} blocks of ${net} (now at ${r.height}); ${r.dropped.length} transfers removed.`,
        );
        return 0;
      }
      break;
    case 'set-status':
      if (net && b) {
        await call('POST', '/coin-status', { network: net, coinStatus: b.toUpperCase() });
        say(`${net} coin status: ${b.toUpperCase()}`);
        return 0;
      }
      break;
    case 'connect':
    case 'disconnect':
      if (net) {
        await call('POST', '/connection', { network: net, connected: command === 'connect' });
        say(`${net} node ${command}ed`);
        return 0;
      }
      break;
    case 'fail-withdrawal':
      if (a) {
        await call('POST', '/fail-withdrawal', {
          withdrawalId: a,
          reason: b ?? 'Refused by the network.',
        });
        say(`Withdrawal ${a} failed on the chain.`);
        return 0;
      }
      break;
  }
  process.stderr.write(USAGE);
  return 2;
}

runCli(main);
