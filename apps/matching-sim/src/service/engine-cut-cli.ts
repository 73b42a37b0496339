import { z } from 'zod';
import { engineSymbolSpec } from '@exchange/contracts';
import { cutShard } from './engine-cut.js';

/**
 * `npm run restore` and `npm run backup` run this on a copy of a shard's data folder: one JSON
 * argument `{ from, to?, seq, specs }`; prints the cut's result as JSON, or the reason it cannot
 * be made on stderr with exit code 1. Without `to` it only proves the cut can be made (backup).
 */
const args = z
  .object({
    from: z.string().min(1),
    to: z.string().min(1).optional(),
    seq: z.number().int().nonnegative(),
    specs: z.array(engineSymbolSpec),
  })
  .safeParse(JSON.parse(process.argv[2] ?? 'null'));
if (!args.success) {
  process.stderr.write(`usage: engine-cut-cli.ts '{"from","to","seq","specs"}'\n`);
  process.exit(2);
}
try {
  process.stdout.write(JSON.stringify(cutShard(args.data)) + '\n');
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
