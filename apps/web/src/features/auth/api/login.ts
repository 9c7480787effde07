import type { LoginInput, LoginResponse, TwoFactorChallengeReply } from '@stockyard/shared';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

function login(input: LoginInput): Promise<LoginResponse | TwoFactorChallengeReply> {
  // The form shows its own error under the fields, so no toast.
  return api.post<LoginResponse | TwoFactorChallengeReply>('/auth/login', input, { silent: true });
}

function loginWithCode(input: { challenge: string; code: string }): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login/2fa', input, { silent: true });
}

/**
 * Signs in and stores the session. Plain state rather than a query library: the sign-in page
 * loads before the rest of the app and is kept small. An account with two-factor sign-in answers
 * a challenge first; `verify` then finishes with a code.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const run = async (call: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const mutate = (input: LoginInput, onSuccess: () => void) =>
    run(async () => {
      const answer = await login(input);
      if ('twoFactorRequired' in answer && answer.twoFactorRequired) {
        setChallenge(answer.challenge);
        return;
      }
      const { token, user } = answer as LoginResponse;
      sessionStore.set({ token, user });
      onSuccess();
    });
  const verify = (code: string, onSuccess: () => void) =>
    run(async () => {
      if (!challenge) return;
      const { token, user } = await loginWithCode({ challenge, code });
      sessionStore.set({ token, user });
      onSuccess();
    });
  const restart = () => {
    setChallenge(null);
    setError(null);
  };
  return { mutate, verify, restart, challenge, isPending, error };
}
