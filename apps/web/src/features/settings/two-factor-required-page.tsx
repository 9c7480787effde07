import { MESSAGES } from '@stockyard/shared';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { TwoFactorSettings } from './components/two-factor-settings';

/**
 * What an admin sees in place of every page while the company requires two-factor sign-in of
 * admins and theirs is not set up (the server refuses their other calls): the setup, and once the
 * recovery codes were seen, the app afresh.
 */
export default function TwoFactorRequiredPage() {
  const userId = useSession()?.user.id ?? 0;
  return (
    <div className="mx-auto max-w-xl">
      <Card className="space-y-4 p-6">
        <div>
          <h1 className="text-2xl font-semibold">Set up two-factor sign-in</h1>
          <p role="alert" className="mt-1 text-sm text-muted-foreground">
            {MESSAGES.twoFactorSetupRequired}
          </p>
        </div>
        <TwoFactorSettings
          userId={userId}
          enabled={false}
          // A full load: the socket and every query start again with the session let in.
          onDone={() => window.location.assign('/')}
        />
      </Card>
    </div>
  );
}
