import { createDb } from '../../../db/client.js';
import { feedAssets } from './feed-assets.js';

/** Prints PRICE_FEED_ASSETS for the matching service's price feed (used by `npm start`). */
const db = createDb(process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange');
try {
  process.stdout.write(JSON.stringify(await feedAssets(db)));
} finally {
  await db.$disconnect();
}
