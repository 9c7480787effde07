import { MATERIAL_UNIT_LABELS, type MaterialDto, materialStatus } from '@stockyard/shared';
import type { KeyboardEvent } from 'react';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { ListRows, type ListState, Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';
import { displayId } from '@/lib/format';
import { MaterialStatusBadge } from './material-status-badge';

const COLUMNS = 8;

function unitLabel(unit: string): string {
  return MATERIAL_UNIT_LABELS[unit as keyof typeof MATERIAL_UNIT_LABELS] ?? unit;
}

export function MaterialsTable({
  materials,
  state,
  onOpen,
  onEdit,
  onDelete,
  onRetry,
}: {
  materials: MaterialDto[];
  state: ListState;
  onOpen: (material: MaterialDto) => void;
  onEdit: (material: MaterialDto) => void;
  onDelete: (material: MaterialDto) => void;
  onRetry: () => void;
}) {
  const onRowKey = (event: KeyboardEvent, material: MaterialDto) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(material);
    }
  };

  return (
    <Table aria-label="Inventory items">
      <THead>
        <tr>
          <TH>SR</TH>
          <TH>Name</TH>
          <TH className="hidden sm:table-cell">Location</TH>
          <TH className="hidden sm:table-cell text-right">Quantity</TH>
          <TH className="hidden sm:table-cell">Unit</TH>
          <TH className="hidden sm:table-cell">Status</TH>
          <TH className="hidden sm:table-cell">Last Updated</TH>
          <TH className="text-right">Actions</TH>
        </tr>
      </THead>
      <TBody>
        <ListRows
          state={state}
          columns={COLUMNS}
          count={materials.length}
          loading="Loading inventory items..."
          failed="Failed to load inventory items."
          empty="No inventory items found."
          onRetry={onRetry}
        >
          {materials.map((material) => (
            <TR
              key={material.id}
              tabIndex={0}
              title="Show stock history"
              onClick={() => onOpen(material)}
              onKeyDown={(event) => onRowKey(event, material)}
              className="cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
            >
              <TD className="whitespace-nowrap font-mono text-xs text-muted-foreground">
                {displayId('MAT', material.id)}
              </TD>
              <TD className="font-medium sm:whitespace-nowrap">
                {material.name}
                {/* On a phone the other columns fold under the name. */}
                <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground sm:hidden">
                  <p>{material.location.name}</p>
                  <p className="flex items-center gap-2">
                    <span className="whitespace-nowrap">
                      {material.quantity} {unitLabel(material.unit)}
                    </span>
                    <MaterialStatusBadge status={materialStatus(material.quantity)} />
                  </p>
                  <p>Updated {formatDate(material.updatedAt)}</p>
                </div>
              </TD>
              <TD className="hidden sm:table-cell whitespace-nowrap">{material.location.name}</TD>
              <TD className="hidden sm:table-cell text-right tabular-nums">{material.quantity}</TD>
              <TD className="hidden sm:table-cell">{unitLabel(material.unit)}</TD>
              <TD className="hidden sm:table-cell whitespace-nowrap">
                <MaterialStatusBadge status={materialStatus(material.quantity)} />
              </TD>
              <TD className="hidden sm:table-cell whitespace-nowrap">
                {formatDate(material.updatedAt)}
              </TD>
              <TD className="text-right">
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                  <EditDeleteButtons
                    name={material.name}
                    onEdit={() => onEdit(material)}
                    onDelete={() => onDelete(material)}
                  />
                </div>
              </TD>
            </TR>
          ))}
        </ListRows>
      </TBody>
    </Table>
  );
}
