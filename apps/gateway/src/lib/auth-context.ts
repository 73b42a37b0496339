import { AppError } from './app-error.js';

/** Who a request or socket connection acts for: the user and the session the token belongs to. */
export interface AuthContext {
  userId: string;
  sessionId: string;
}

/** The caller of a private route (the auth plugin has set `request.auth`), or 401. */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
