import { signedGet, signedPost } from '@exchange/contracts/signed-request';

/**
 * A simulator's developer command line (`npm run sim:<party> -- <command>`): signed calls to its
 * API at `base`, and the exit code of `main` (a failed call prints its error and exits 1).
 */
export function simClient(
  base: string,
  secret: string,
): (method: 'GET' | 'POST', pathname: string, body?: unknown) => Promise<unknown> {
  return async (method, pathname, body) => {
    const url = new URL(pathname, base);
    const res =
      method === 'GET' ? await signedGet(url, secret) : await signedPost(url, body ?? {}, secret);
    const answer = (await res.json()) as { error?: string };
    if (!res.ok) throw new Error(`${res.status}: ${answer.error ?? JSON.stringify(answer)}`);
    return answer;
  };
}

export const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Runs a command line's `main` and exits with its code. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
