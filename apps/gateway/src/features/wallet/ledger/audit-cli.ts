import { createDb } from '../../../db/client.js';
import { auditLedger } from './audit.js';

/** `pnpm ledger:audit`: exits 1 when the ledger has any difference. */
const db = createDb(process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange');
try {
  const result = await auditLedger(db);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(
    result.ok ? 'Ledger audit: zero differences.\n' : 'Ledger audit: DIFFERENCES FOUND.\n',
  );
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await db.$disconnect();
}
