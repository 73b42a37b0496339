import { createDb } from '../client.js';
import { seed } from './seed.js';

const url = process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange';
const db = createDb(url);
try {
  const counts = await seed(db);
  process.stdout.write(`Seeded ${counts.assets} assets and ${counts.symbols} symbols.\n`);
} finally {
  await db.$disconnect();
}
