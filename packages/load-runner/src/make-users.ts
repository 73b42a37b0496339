// `pnpm --filter @exchange/load-runner users -- <count>`: Demo users with live sessions for the
// k6 scripts, written straight into a local exchange's database (the slide puzzle is bypassed);
// prints a JSON array of { userId, token } and funds them through the gateway in Demo.
import { assertLocal, createUsers, fundUsers } from './exchange.js';

const count = Number(process.argv[2] ?? 200);
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange';
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
if (!Number.isInteger(count) || count < 2 || count % 2 !== 0)
  throw new Error('count must be an even number >= 2');
assertLocal(databaseUrl);
assertLocal(baseUrl);
const users = await createUsers(databaseUrl, count);
await fundUsers(baseUrl, users);
process.stdout.write(`${JSON.stringify(users)}\n`);
