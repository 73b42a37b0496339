import { eventually, until } from './wait.js';
import type { LoginResponse, PuzzleScene } from '@exchange/contracts';
import { puzzleKey } from '../../src/features/identity/auth/puzzle/puzzle-service.js';
import { humanDrag } from '@exchange/contracts/testing/puzzle';
import type { TestApp } from './build.js';

export const PASSWORD = 'Str0ng!pass';

/** Solves a puzzle the way a person would: reads the answer the server kept, drags to it. */
export async function solvePuzzle(t: TestApp, scene: PuzzleScene): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/auth/public/puzzle?scene=${scene}` });
  const { puzzleId } = res.json<{ data: { puzzleId: string } }>().data;
  const drag = humanDrag(await puzzleAnswer(t, puzzleId));
  t.clock.advance(drag.endsAt + 60);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/puzzle/verify',
    payload: { puzzleId, trace: drag.trace },
  });
  return verify.json<{ data: { puzzleToken: string } }>().data.puzzleToken;
}

/** The gap's left edge, as the server keeps it. */
export async function puzzleAnswer(t: TestApp, puzzleId: string): Promise<number> {
  const stored = await t.app.redis.commands.get(puzzleKey(puzzleId));
  return (JSON.parse(stored ?? '{}') as { x: number }).x;
}

/**
 * Waits until every send-mail job has been delivered over SMTP (the catcher answers only once it
 * has stored the message), then returns the newest code the catcher holds for the address;
 * `after` is the count of its messages before the code was asked for.
 */
export async function latestCode(t: TestApp, email: string, after = 0): Promise<string> {
  await mailDelivered(t);
  const mails = await eventually(
    () => t.mail.messagesTo(email),
    (list) => list.length > after && /code is \d{6}/.test(list[0]?.text ?? ''),
  );
  return /code is (\d{6})/.exec(mails[0]?.text ?? '')?.[1] ?? '';
}

/** The newest mail to the address (subject and text), once the mail queue is empty. */
export async function latestMail(
  t: TestApp,
  email: string,
  after = 0,
): Promise<{ subject: string; text: string }> {
  await mailDelivered(t);
  const mails = await eventually(
    () => t.mail.messagesTo(email),
    (list) => list.length > after,
  );
  return mails[0] ?? { subject: '', text: '' };
}

/** How many messages the mail catcher holds for the address, once the mail queue is empty. */
export async function mailCount(t: TestApp, email: string): Promise<number> {
  await mailDelivered(t);
  return (await t.mail.messagesTo(email)).length;
}

/** Resolves when no send-mail job of the app is waiting, running or due for a retry. */
export async function mailDelivered(t: TestApp): Promise<void> {
  await until(async () => (await t.app.jobs.pending(t.app.mailJob)) === 0, 10_000);
}

/** The agreements the seed publishes (version 1 of each), as the sign-up form sends them. */
export const AGREED = [
  { slug: 'service-terms', version: 1 },
  { slug: 'privacy-policy', version: 1 },
] as const;

/** Registers through the real endpoints and returns the login answer. */
export async function registerUser(
  t: TestApp,
  email: string,
  entityType: 'INDIVIDUAL' | 'INSTITUTION' = 'INDIVIDUAL',
): Promise<LoginResponse> {
  const puzzleToken = await solvePuzzle(t, 'REGISTER');
  const before = await mailCount(t, email);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/register/code',
    payload: { email, puzzleToken },
  });
  if (sent.statusCode !== 200) throw new Error(sent.body);
  const code = await latestCode(t, email, before);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/register',
    payload: {
      email,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      entityType,
      acceptedAgreements: AGREED,
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ data: LoginResponse }>().data;
}

/** Logs in through the real endpoint; `remoteAddress` is the client's address (127.0.0.1). */
export async function loginUser(
  t: TestApp,
  email: string,
  password = PASSWORD,
  opts: { remoteAddress?: string } = {},
) {
  const puzzleToken = await solvePuzzle(t, 'LOGIN');
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/login',
    payload: { email, password, puzzleToken },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
