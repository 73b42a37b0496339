import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

export type Db = PrismaClient;
export { Prisma } from './generated/client.js';

/**
 * One client per process. Transactions queue for a connection rather than fail fast: a burst
 * of orders on one balance serialises on its row lock, and each must wait its turn.
 */
export function createDb(connectionString: string, poolSize = 20): Db {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString, max: poolSize }),
    transactionOptions: { maxWait: 15_000, timeout: 20_000 },
  });
}
