import { Pencil, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from './button';

/**
 * A row's Edit and Delete icon buttons, named after the row for screen readers. A click does not
 * reach the row, which may open something of its own. `deleteBlocked` disables Delete and says why.
 * A button without its handler is left out (the user may not do that).
 */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  deleteBlocked,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleteBlocked?: string;
}) {
  const only = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <>
      {onEdit ? (
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={only(onEdit)}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          disabled={deleteBlocked !== undefined}
          title={deleteBlocked}
          aria-label={`Delete ${name}`}
          onClick={only(onDelete)}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      ) : null}
    </>
  );
}
