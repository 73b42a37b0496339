import { signedPost } from '@exchange/contracts/signed-request';
import { AppError } from '../../../lib/app-error.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

/**
 * Funds a house account (a market maker's, an operator treasury) in Real mode the way any user
 * is funded: the chain's faucet sends coins to the account's deposit address, and the deposit
 * is credited by the usual flow (confirmations, risk review, ledger entry against
 * `system:external`), so the Real ledger stays conserved. `account` is a UID or an e-mail.
 */
export async function fundHouseAccount(
  deps: OpsDeps,
  input: { account: string; asset: string; network: string; amount: string },
): Promise<{ userId: string; address: string; transfer: unknown }> {
  if (!deps.faucet || !deps.depositAddress) throw new Error('the chain faucet is not wired');
  if (!/^\d+(\.\d+)?$/.test(input.amount) || Number(input.amount) <= 0)
    throw new AppError('OPS_INVALID', { reason: 'the amount must be a positive decimal' });
  const user = await deps.db.user.findFirst({
    where: { OR: [{ uid: input.account }, { email: input.account.toLowerCase() }] },
    select: { id: true },
  });
  if (!user) throw new AppError('OPS_NOT_FOUND', { entity: 'account', key: input.account });
  const asset = input.asset.toUpperCase();
  const network = input.network.toUpperCase();
  const address = await deps.depositAddress(user.id, asset, network);
  const transfer = await deps.faucet({ network, address, amount: input.amount, asset });
  await writeAudit(deps.db, {
    actor: deps.actor,
    entity: 'house',
    entityKey: input.account,
    action: 'fund',
    before: null,
    after: { asset, network, amount: input.amount, address, transfer },
    at: deps.clock.date(),
  });
  return { userId: user.id, address, transfer };
}

/** The simulated chains' faucet over their signed API (what `npm run sim:chain -- send` does). */
export function chainFaucet(baseUrl: string, secret: string): NonNullable<OpsDeps['faucet']> {
  return async (req) => {
    const res = await signedPost(new URL('/faucet', baseUrl), req, secret);
    const answer = (await res.json()) as { error?: string };
    if (!res.ok) throw new Error(`the chain's faucet refused: ${answer.error ?? res.status}`);
    return answer;
  };
}
