import { Switch } from '@/components/ui/switch';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/settings-api';
import { settingsFailed, settingsSaved } from './settings-toast';

const LABEL = 'Require two-factor sign-in for admins';

/**
 * The company's sign-in rule (admins only): when on, an admin without two-factor sign-in must set
 * it up before anything else. The server turns it on only for an admin who has it.
 */
export function AdminTwoFactorRule() {
  const settings = useSecuritySettings(true);
  const update = useUpdateSecuritySettings();
  const checked =
    update.isPending && update.variables
      ? update.variables.requireAdminTwoFactor
      : (settings.data?.requireAdminTwoFactor ?? false);
  return (
    <Switch
      id="setting-require-admin-two-factor"
      label={LABEL}
      description="Every admin without it sets it up at their next screen, before anything else."
      checked={checked}
      disabled={!settings.data || update.isPending}
      onCheckedChange={(value) =>
        update.mutate(
          { requireAdminTwoFactor: value },
          {
            onSuccess: () => settingsSaved(`${LABEL}: ${value ? 'on' : 'off'}`),
            onError: (error) => settingsFailed(error, 'Failed to save the setting'),
          },
        )
      }
    />
  );
}
