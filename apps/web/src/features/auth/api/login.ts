import type { LoginInput, LoginResponse } from '@stockyard/shared';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session';

export function login(input: LoginInput): Promise<LoginResponse> {
  // The form shows its own error under the fields, so no toast.
  return api.post<LoginResponse>('/auth/login', input, { silent: true });
}

/**
 * Signs in and stores the session. Plain state rather than a query library: the sign-in page
 * loads before the rest of the app and is kept small.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mutate = async (input: LoginInput, onSuccess: () => void) => {
    setPending(true);
    setError(null);
    try {
      const { token, user } = await login(input);
      sessionStore.set({ token, user });
      onSuccess();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return { mutate, isPending, error };
}
