import {
  type LoginInput,
  NETWORK_ERROR_MESSAGE,
  SESSION_END_MESSAGES,
  type SessionEndReason,
} from '@stockyard/shared';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { firstPaint } from '@/lib/first-paint';
import { useSession } from '@/lib/session';
import { useLogin } from './api/login';
import type { SignInErrors } from './sign-in-checks';

/**
 * The form's checks (`sign-in-checks.ts`, the shared zod schemas), loaded once the page has
 * painted rather than with the first script, which every page runs: building zod's schemas as it
 * loaded was part of a signed-in page's first long task on a phone. A submit before they have come
 * waits for them; when they could not be fetched, the next submit asks again.
 */
let checks: Promise<typeof import('./sign-in-checks')> | undefined;
const loadChecks = () => {
  checks ??= import('./sign-in-checks').catch((error: unknown) => {
    checks = undefined;
    throw error;
  });
  return checks;
};

/** Why the last session ended, when an admin ended it (`/login?ended=deactivated`). */
function sessionEndMessage(search: string): string | null {
  const reason = new URLSearchParams(search).get('ended');
  return reason && Object.hasOwn(SESSION_END_MESSAGES, reason)
    ? SESSION_END_MESSAGES[reason as SessionEndReason]
    : null;
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  // The checks' code could not be fetched (offline as the form was sent).
  const [unchecked, setUnchecked] = useState(false);
  useEffect(() => {
    void firstPaint()
      .then(loadChecks)
      .catch(() => undefined);
  }, []);

  if (session) return <Navigate to="/" replace />;

  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const ended = loginMutation.error ? null : sessionEndMessage(location.search);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void loadChecks().then(
      ({ checkSignIn }) => {
        setUnchecked(false);
        const checked = checkSignIn(values);
        setErrors(checked.ok ? {} : checked.errors);
        if (!checked.ok) return;
        void loginMutation.mutate(checked.input, () => navigate(from, { replace: true }));
      },
      () => setUnchecked(true),
    );
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void loadChecks().then(
      ({ checkCode }) => {
        setUnchecked(false);
        const checked = checkCode(code);
        setCodeError(checked.ok ? undefined : checked.error);
        if (!checked.ok) return;
        void loginMutation.verify(checked.code, () => navigate(from, { replace: true }));
      },
      () => setUnchecked(true),
    );
  };
  const setField = (field: keyof LoginInput) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-xl border border-border bg-card p-8 shadow-sm">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" className="mx-auto mb-3 h-12 w-12" />
          <h1 className="text-2xl font-semibold">Stockyard</h1>
          <p className="text-sm text-muted-foreground">Material Rental System</p>
        </div>
        {ended ? (
          <p
            role="alert"
            className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-center text-sm text-destructive"
          >
            {ended}
          </p>
        ) : null}
        {loginMutation.challenge ? (
          <form onSubmit={onVerify} noValidate className="space-y-4">
            <p className="text-sm text-muted-foreground">
              Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
            <FormField id="code" label="Verification code" error={codeError}>
              <Input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={codeError ? true : undefined}
              />
            </FormField>
            <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
              {loginMutation.isPending ? 'Verifying...' : 'Verify'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="w-full"
              onClick={() => {
                setCode('');
                loginMutation.restart();
              }}
            >
              Back to sign in
            </Button>
          </form>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField id="email" label="Email" error={errors.email}>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                value={values.email}
                onChange={setField('email')}
                aria-invalid={errors.email ? true : undefined}
              />
            </FormField>
            <FormField id="password" label="Password" error={errors.password}>
              <div className="relative">
                <Input
                  id="password"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className="pr-10"
                  value={values.password}
                  onChange={setField('password')}
                  aria-invalid={errors.password ? true : undefined}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
                >
                  {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
                </button>
              </div>
            </FormField>
            <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
              {loginMutation.isPending ? (
                <>
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Signing in...
                </>
              ) : (
                'Sign In'
              )}
            </Button>
          </form>
        )}
        {unchecked || loginMutation.error ? (
          <p role="alert" className="mt-4 text-center text-sm text-destructive">
            {unchecked
              ? NETWORK_ERROR_MESSAGE
              : loginMutation.error instanceof ApiError
                ? loginMutation.error.message
                : 'Invalid email or password'}
          </p>
        ) : null}
      </div>
    </main>
  );
}
