import { SETTINGS_MESSAGES } from '@stockyard/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorLine, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { type TwoFactorSetup, useTwoFactor } from '../api/settings-api';
import { settingsSaved } from './settings-toast';

/**
 * Two-Factor Sign-In: set up with a QR code or the secret, confirm with a code, see
 * the ten recovery codes once; turning it off asks for the password.
 */
export function TwoFactorSettings({
  userId,
  enabled,
  onDone,
}: {
  userId: number;
  enabled: boolean;
  /** Called once the recovery codes were seen (their Done): the required setup is complete. */
  onDone?: () => void;
}) {
  const { setup, enable, disable } = useTwoFactor(userId);
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();

  const start = async () => {
    setError(undefined);
    try {
      setPending(await setup.mutateAsync());
    } catch (caught) {
      setError(serverMessage(caught) ?? 'Failed to start two-factor setup');
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await enable.mutateAsync(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setPending(null);
      setCode('');
      settingsSaved('Two-factor sign-in is on');
    } catch (caught) {
      setError(serverMessage(caught) ?? SETTINGS_MESSAGES.invalidCode);
    }
  };
  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await disable.mutateAsync(password);
      setPassword('');
      setRecoveryCodes(null);
      settingsSaved('Two-factor sign-in is off');
    } catch (caught) {
      setError(serverMessage(caught) ?? 'Failed to turn off two-factor sign-in');
    }
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3">
      <h3 id="two-factor-heading" className="font-medium">
        Two-Factor Sign-In
      </h3>
      {recoveryCodes ? (
        <div className="space-y-2 rounded-md border border-border p-4">
          <p className="text-sm font-medium">Recovery codes</p>
          <p className="text-sm text-muted-foreground">
            Keep these somewhere safe. Each one signs you in once without your authenticator app.
            They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setRecoveryCodes(null);
              onDone?.();
            }}
          >
            Done
          </Button>
        </div>
      ) : null}
      {enabled ? (
        <form onSubmit={turnOff} noValidate className="space-y-3">
          <p className="text-sm">
            Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your
            authenticator app.
          </p>
          <FormField id="two-factor-password" label="Password" error={error}>
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <Button type="submit" variant="outline" disabled={disable.isPending || !password}>
            Turn Off Two-Factor
          </Button>
        </form>
      ) : pending ? (
        <form onSubmit={confirm} noValidate className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Scan the QR code with an authenticator app, or type the secret key into it, then enter
            the 6-digit code it shows.
          </p>
          <img
            src={pending.qrCode}
            alt="QR code for your authenticator app"
            className="h-40 w-40"
          />
          <p className="text-sm">
            Secret key:{' '}
            <code data-testid="two-factor-secret" className="break-all font-mono">
              {pending.secret}
            </code>
          </p>
          <FormField id="two-factor-code" label="Verification code" error={error}>
            <Input
              id="two-factor-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" disabled={enable.isPending}>
              Enable Two-Factor
            </Button>
            <Button variant="ghost" onClick={() => setPending(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">
            Two-factor sign-in is off. Turn it on to ask for a code from an authenticator app at
            every sign-in.
          </p>
          <ErrorLine>{error}</ErrorLine>
          <Button variant="outline" onClick={start} disabled={setup.isPending}>
            Set Up Two-Factor
          </Button>
        </div>
      )}
    </section>
  );
}
