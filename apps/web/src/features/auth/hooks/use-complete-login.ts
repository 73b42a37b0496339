import type { LoginResponse } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../config/paths';
import { profileKeys } from '../../../lib/profile';
import { takePostLoginTarget } from '../../../lib/redirect';
import { lastUser, sessionStore, startSession } from '../../../lib/session';

/**
 * Stores a new session and leaves the auth screens: to redirect_path if one was given, else to
 * /market when another user logged in last time, else to / (spec section 2). A new registration
 * goes to its success page.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (answer: LoginResponse, opts: { registered?: boolean } = {}) => {
    const previous = sessionStore.get().user ?? lastUser();
    startSession(answer);
    queryClient.setQueryData(profileKeys.all, answer.user);
    const target = takePostLoginTarget(answer.user, previous);
    void navigate(opts.registered ? PATHS.registerSuccess : target, { replace: true });
  };
}
