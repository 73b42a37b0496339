import { eventually } from './wait.js';
import type { LoginResponse, PuzzleScene } from '@exchange/contracts';
import { puzzleKey } from '../../src/features/auth/puzzle/puzzle-service.js';
import { humanDrag } from '../../scripts/puzzle-attack/traces.js';
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

/** Waits for the send-mail job and returns the newest code mailed to the address. */
export async function latestCode(t: TestApp, email: string, after = 0): Promise<string> {
  const mails = await eventually(
    async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/common/public/dev/mailbox?to=${encodeURIComponent(email)}`,
        })
      ).json<{ data: { text: string; createdAt: string }[] }>().data,
    (list) => list.length > after && /code is \d{6}/.test(list[0]?.text ?? ''),
  );
  return /code is (\d{6})/.exec(mails[0]?.text ?? '')?.[1] ?? '';
}

export async function mailCount(t: TestApp, email: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/common/public/dev/mailbox?to=${encodeURIComponent(email)}`,
  });
  return res.json<{ data: unknown[] }>().data.length;
}

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
    payload: { email, code, password: PASSWORD, confirmPassword: PASSWORD, entityType },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ data: LoginResponse }>().data;
}

export async function loginUser(t: TestApp, email: string, password = PASSWORD) {
  const puzzleToken = await solvePuzzle(t, 'LOGIN');
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/login',
    payload: { email, password, puzzleToken },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
