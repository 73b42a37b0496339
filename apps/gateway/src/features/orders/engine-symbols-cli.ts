import { createDb } from '../../db/client.js';
import { engineSymbolSpecs } from './engine-symbols.js';

/** Prints ENGINE_SYMBOLS for the matching service (used by `npm start`). */
const db = createDb(process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange');
try {
  process.stdout.write(JSON.stringify(await engineSymbolSpecs(db)));
} finally {
  await db.$disconnect();
}
