import {
  formatCount,
  MATERIAL_UNIT_LABELS,
  type MaterialDto,
  materialStatus,
  totalOf,
  weightLabel,
} from '@stockyard/shared';
import { ArrowLeftRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';
import { displayId } from '@/lib/format';
import { useCodeTypefaces } from '@/lib/typefaces';
import { MaterialStatusBadge } from './material-status-badge';

function unitLabel(unit: string): string {
  return MATERIAL_UNIT_LABELS[unit as keyof typeof MATERIAL_UNIT_LABELS] ?? unit;
}

const kg = (weight: number) => weightLabel({ kg: weight, unknown: false });

/**
 * The weight of the row's stock (what loading all of it puts on a lorry), and of one unit under
 * it for a part load; the catalogue may not know it yet.
 */
function MaterialWeight({ material }: { material: MaterialDto }) {
  const total = totalOf(material.quantity, material.weightKg);
  if (total === null || material.weightKg === null) {
    return <span className="text-muted-foreground">Not set</span>;
  }
  return (
    <>
      {kg(total)}
      <span className="block text-xs text-muted-foreground">{kg(material.weightKg)} each</span>
    </>
  );
}

export function MaterialsTable({
  materials,
  state,
  onOpen,
  onEdit,
  onDelete,
  onTransfer,
  onRepair,
  onScrap,
  onRetry,
}: {
  materials: MaterialDto[];
  state: ListState;
  onOpen: (material: MaterialDto) => void;
  /** The row actions the user may take; without any, the Actions column is left out. */
  onEdit?: (material: MaterialDto) => void;
  onDelete?: (material: MaterialDto) => void;
  onTransfer?: (material: MaterialDto) => void;
  /** Repaired and Scrap of the units in repair, on rows that have some. */
  onRepair?: (material: MaterialDto) => void;
  onScrap?: (material: MaterialDto) => void;
  onRetry: () => void;
}) {
  useCodeTypefaces();
  const hasActions = Boolean(onEdit || onDelete || onTransfer || onRepair || onScrap);
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
          <TH from="sm">Item No.</TH>
          <TH>Name</TH>
          <TH from="sm">Location</TH>
          <TH from="sm" className="text-right">
            Quantity
          </TH>
          <TH from="sm">Unit</TH>
          <TH from="sm" className="text-right">
            Weight
          </TH>
          <TH from="sm">Status</TH>
          <TH from="sm">Last Updated</TH>
          {hasActions ? <TH className="text-right">Actions</TH> : null}
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={hasActions ? 10 : 9}
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
            <TD from="sm" className="whitespace-nowrap font-mono text-xs">
              {material.itemNumber ?? ''}
            </TD>
            <TD className="font-medium sm:whitespace-nowrap">
              {material.name}
              {/* On a phone the other columns fold under the name. */}
              <Folded until="sm">
                <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground">
                  {material.itemNumber ? <p>Item No. {material.itemNumber}</p> : null}
                  <p>{material.location.name}</p>
                  <p className="flex items-center gap-2">
                    <span className="whitespace-nowrap">
                      {formatCount(material.quantity)} {unitLabel(material.unit)}
                    </span>
                    <MaterialStatusBadge status={materialStatus(material.quantity)} />
                  </p>
                  <InRepair material={material} />
                  <p>
                    Weight: <MaterialWeight material={material} />
                  </p>
                  <p>Updated {formatDate(material.updatedAt)}</p>
                </div>
              </Folded>
            </TD>
            <TD from="sm" className="whitespace-nowrap">
              {material.location.name}
            </TD>
            <TD from="sm" className="text-right tabular-nums">
              {formatCount(material.quantity)}
              <InRepair material={material} />
            </TD>
            <TD from="sm">{unitLabel(material.unit)}</TD>
            <TD from="sm" className="whitespace-nowrap text-right tabular-nums">
              <MaterialWeight material={material} />
            </TD>
            <TD from="sm" className="whitespace-nowrap">
              <MaterialStatusBadge status={materialStatus(material.quantity)} />
            </TD>
            <TD from="sm" className="whitespace-nowrap">
              {formatDate(material.updatedAt)}
            </TD>
            {hasActions ? (
              <TD className="text-right">
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                  {onTransfer ? (
                    <TransferButton material={material} onTransfer={onTransfer} />
                  ) : null}
                  {material.repairQuantity > 0 && onRepair ? (
                    <RowButton label="Repaired" onClick={() => onRepair(material)} />
                  ) : null}
                  {material.repairQuantity > 0 && onScrap ? (
                    <RowButton label="Scrap" onClick={() => onScrap(material)} />
                  ) : null}
                  <EditDeleteButtons
                    name={material.name}
                    onEdit={onEdit && (() => onEdit(material))}
                    onDelete={onDelete && (() => onDelete(material))}
                  />
                </div>
              </TD>
            ) : null}
          </TR>
        ))}
      </ListBody>
    </Table>
  );
}

/** The units back from rentals damaged, awaiting repair: beside the quantity, never in it. */
function InRepair({ material }: { material: MaterialDto }) {
  if (material.repairQuantity <= 0) return null;
  return (
    <span className="block whitespace-nowrap text-xs text-amber-700 dark:text-amber-400">
      In repair: {material.repairQuantity}
    </span>
  );
}

/** A row's worded action; the row opens the stock history, this button does only its own. */
function RowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {label}
    </Button>
  );
}

/** Transfer, disabled while there is nothing in stock to move. */
function TransferButton({
  material,
  onTransfer,
}: {
  material: MaterialDto;
  onTransfer: (material: MaterialDto) => void;
}) {
  const empty = material.quantity <= 0;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Transfer ${material.name}`}
      title={empty ? 'Nothing in stock to transfer' : 'Transfer to another location'}
      disabled={empty}
      onClick={(event) => {
        // The row opens the stock history; this button does only its own action.
        event.stopPropagation();
        onTransfer(material);
      }}
    >
      <ArrowLeftRight className="h-4 w-4" aria-hidden />
    </Button>
  );
}
