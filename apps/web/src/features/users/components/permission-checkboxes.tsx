import { PERMISSION_FLAGS, PERMISSION_LABELS, type PermissionFlag } from '@stockyard/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * A user's permission flags, as checkboxes: those in `flags`, the ones the editor may grant
 * (a field manager's own); the others keep their values.
 */
export function PermissionCheckboxes({
  idPrefix,
  field,
  isAdmin,
  flags = PERMISSION_FLAGS,
}: {
  idPrefix: string;
  field: (flag: PermissionFlag) => UseFormRegisterReturn;
  isAdmin: boolean;
  flags?: readonly PermissionFlag[];
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Permissions</legend>
      {isAdmin ? (
        <p className="text-xs text-muted-foreground">An admin has every permission.</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {flags.map((flag) => (
          <Checkbox
            key={flag}
            id={`${idPrefix}-${flag}`}
            label={PERMISSION_LABELS[flag]}
            {...field(flag)}
          />
        ))}
      </div>
    </fieldset>
  );
}
