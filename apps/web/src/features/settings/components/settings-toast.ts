import { SETTINGS_TOASTS } from '@stockyard/shared';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/** 'Success' with what was saved (03 section 8). */
export const settingsSaved = (description: string) =>
  notifyToast.success(SETTINGS_TOASTS.successTitle, { id: 'settings', description });

/** 'Error' with the server's message, or the fallback of 03 section 8. */
export const settingsFailed = (error: unknown, fallback: string) =>
  notifyToast.error(SETTINGS_TOASTS.errorTitle, {
    id: 'settings',
    description: serverMessage(error) ?? fallback,
  });
