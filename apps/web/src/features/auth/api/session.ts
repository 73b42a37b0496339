import {
  AUTH_ENDPOINTS,
  type Endpoint,
  emailCodeResponse,
  loginResponse,
  noData,
  passwordLoginResponse,
  type AgreementVersion,
  type EntityType,
} from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';

/** Sign-in, registration and password reset calls (contracts AUTH_ENDPOINTS). */
const E = AUTH_ENDPOINTS;

export interface LoginInput {
  email: string;
  password: string;
  puzzleToken: string;
}
export interface CodeInput {
  email: string;
  puzzleToken: string;
}
export interface RegisterInput {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  entityType: EntityType;
  acceptedAgreements: AgreementVersion[];
}
export type ResetInput = Omit<RegisterInput, 'entityType' | 'acceptedAgreements'>;

const post = <T>(
  client: ApiClient,
  endpoint: Endpoint,
  schema: { parse(v: unknown): T },
  body: unknown,
  silent?: boolean,
) => call(client, endpoint, schema, { body, ...(silent ? { silent } : {}) });

/**
 * Silent: the login form shows the failure itself (attempts left, lock duration, time left).
 * With Google Authenticator linked the answer is a ticket for the code step, not a session.
 */
export const login = (client: ApiClient, input: LoginInput) =>
  post(client, E.login, passwordLoginResponse, input, true);
/** The login's second step: the ticket and a Google code; answers the session. */
export const loginWithGoogle = (client: ApiClient, input: { ticket: string; googleCode: string }) =>
  post(client, E.loginGoogle, loginResponse, input, true);
export const requestRegisterCode = (client: ApiClient, input: CodeInput) =>
  post(client, E.registerCode, emailCodeResponse, input);
export const register = (client: ApiClient, input: RegisterInput) =>
  post(client, E.register, loginResponse, input);
export const requestResetCode = (client: ApiClient, input: CodeInput) =>
  post(client, E.resetCode, emailCodeResponse, input);
export const resetPassword = (client: ApiClient, input: ResetInput) =>
  post(client, E.reset, noData, input);

export function useLogin() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: LoginInput) => login(client, input) });
}
export function useLoginWithGoogle() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { ticket: string; googleCode: string }) => loginWithGoogle(client, input),
  });
}
export function useRequestCode(kind: 'register' | 'reset') {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: CodeInput) =>
      (kind === 'register' ? requestRegisterCode : requestResetCode)(client, input),
  });
}
export function useRegister() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: RegisterInput) => register(client, input) });
}
export function useResetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ResetInput) => resetPassword(client, input) });
}
