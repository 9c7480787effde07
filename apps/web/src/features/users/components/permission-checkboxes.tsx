import { PERMISSION_FLAGS, type PermissionFlag } from '@stockyard/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';

/** viewInventory -> View Inventory */
function flagLabel(flag: PermissionFlag): string {
  const words = flag.replace(/([A-Z])/g, ' $1');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The ten permission flags of a user, as checkboxes. */
export function PermissionCheckboxes({
  idPrefix,
  field,
  isAdmin,
}: {
  idPrefix: string;
  field: (flag: PermissionFlag) => UseFormRegisterReturn;
  isAdmin: boolean;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Permissions</legend>
      {isAdmin ? (
        <p className="text-xs text-muted-foreground">An admin has every permission.</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {PERMISSION_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            id={`${idPrefix}-${flag}`}
            label={flagLabel(flag)}
            {...field(flag)}
          />
        ))}
      </div>
    </fieldset>
  );
}
