// `node --import tsx src/secrets-cli.ts <file>`: generates the secrets file once, or adds the
// secrets it lacks (docker compose's one-shot `secrets` service writes its volume with it).
import { ensureLocalSecrets } from './secrets.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: secrets-cli.ts <file>');
  process.exit(2);
}
// The file's values only: nothing from this process's environment is written or preferred.
const result = ensureLocalSecrets({}, target);
console.log(
  result.created
    ? `generated ${result.file}`
    : result.added.length
      ? `added ${result.added.join(', ')} to ${result.file}`
      : `${result.file} holds every secret`,
);
