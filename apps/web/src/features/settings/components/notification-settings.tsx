import {
  NOTIFICATION_SWITCH_LABELS,
  type NotificationSwitch,
  notificationSettingUpdated,
  SETTINGS_MESSAGES,
  SETTINGS_TOASTS,
  type NotificationSettings as Settings,
} from '@stockyard/shared';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useUpdateNotificationSetting } from '../api/settings-api';
import { settingsFailed, settingsSaved } from './settings-toast';

const DESCRIPTIONS: Record<NotificationSwitch, string> = {
  emailAlerts: 'Also send each notification you receive to your e-mail address.',
  rentalAlerts: 'New material requests and overdue rental alerts.',
  lowStockAlerts: 'Materials that run low or out of stock.',
  loginAlerts: 'A notification each time your account signs in from a new browser.',
};

/** One switch that saves when changed, with the toast of 03 section 8. */
export function SettingSwitch({
  userId,
  settings,
  name,
}: {
  userId: number;
  settings: Settings;
  name: NotificationSwitch;
}) {
  const update = useUpdateNotificationSetting(userId);
  const unavailable = name === 'emailAlerts' && !settings.emailConfigured;
  const onChange = (value: boolean) =>
    update.mutate(
      { key: name, value },
      {
        onSuccess: () => settingsSaved(notificationSettingUpdated(name)),
        onError: (error) => settingsFailed(error, SETTINGS_TOASTS.settingFailed),
      },
    );
  return (
    <Switch
      id={`setting-${name}`}
      label={NOTIFICATION_SWITCH_LABELS[name]}
      description={unavailable ? SETTINGS_MESSAGES.emailNotConfigured : DESCRIPTIONS[name]}
      checked={
        unavailable
          ? false
          : update.isPending && update.variables
            ? update.variables.value
            : settings[name]
      }
      disabled={unavailable || update.isPending}
      onCheckedChange={onChange}
    />
  );
}

export function NotificationSettingsCard({
  userId,
  settings,
}: {
  userId: number;
  settings: Settings;
}) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Notification Settings</h2>
      <p className="mb-2 text-sm text-muted-foreground">What you are told about, and how.</p>
      <div className="divide-y divide-border">
        {(['emailAlerts', 'rentalAlerts', 'lowStockAlerts'] as const).map((name) => (
          <SettingSwitch key={name} userId={userId} settings={settings} name={name} />
        ))}
      </div>
    </Card>
  );
}
