import { normalizeRole } from '@stockyard/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCan, useSession } from '@/lib/session';
import { useNotificationSettings } from './api/settings-api';
import { AdminTwoFactorRule } from './components/admin-two-factor-rule';
import { AppearanceSettings } from './components/appearance-settings';
import { BillingSettingsCard } from './components/billing-settings';
import { ChangePasswordForm } from './components/change-password-form';
import { FailedEmail } from './components/failed-email';
import { NotificationSettingsCard, SettingSwitch } from './components/notification-settings';
import { ProfileSettings } from './components/profile-settings';
import { TwoFactorSettings } from './components/two-factor-settings';

/**
 * Settings (03 section 2.4, with PRODUCT-DECISIONS.md "Everyone's own account"): the company
 * profile for everyone (an admin edits it); everyone's own notification switches, Login
 * Notifications, password and two-factor sign-in; the failed e-mail and the rule Require
 * two-factor sign-in for admins (for admins); and the appearance of this device.
 */
export default function SettingsPage() {
  const user = useSession()?.user;
  const can = useCan();
  const isAdmin = normalizeRole(user?.role) === 'ADMIN';
  const userId = user?.id ?? 0;
  const settings = useNotificationSettings(userId, userId > 0);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="text-sm text-muted-foreground">Your company profile, alerts and security.</p>
      </div>
      <ProfileSettings editable={isAdmin} />
      {can('PUT /api/settings/billing') ? <BillingSettingsCard /> : null}
      {settings.data ? (
        <>
          <NotificationSettingsCard userId={userId} settings={settings.data} />
          <FailedEmail />
          <Card className="space-y-6 p-6">
            <div>
              <h2 className="text-lg font-semibold">Security Settings</h2>
              <SettingSwitch userId={userId} settings={settings.data} name="loginAlerts" />
            </div>
            <ChangePasswordForm userId={userId} />
            {can('POST /api/auth/2fa/setup') || settings.data.twoFactorEnabled ? (
              <TwoFactorSettings userId={userId} enabled={settings.data.twoFactorEnabled} />
            ) : null}
            {can('PUT /api/users/security') ? <AdminTwoFactorRule /> : null}
          </Card>
        </>
      ) : settings.isError ? (
        <Card className="flex items-center gap-3 p-6 text-sm">
          <span>Failed to fetch notification settings.</span>
          <Button variant="outline" size="sm" onClick={() => settings.refetch()}>
            Retry
          </Button>
        </Card>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      )}
      <AppearanceSettings />
    </div>
  );
}
