import { centsText, MATERIAL_TYPE_STATUS_LABELS, type MaterialTypeDto } from '@stockyard/shared';
import { Archive, ArchiveRestore, Eye } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { useCodeTypefaces } from '@/lib/typefaces';
import { kgText, quantityText, unitLabel, valueText } from './figures';

const COLUMNS = 13;

export function StatusBadge({ type }: { type: MaterialTypeDto }) {
  return (
    <Badge tone={type.status === 'active' ? 'green' : 'grey'}>
      {MATERIAL_TYPE_STATUS_LABELS[type.status]}
    </Badge>
  );
}

/** The catalogue: each type with what the company holds of it at every location together. */
export function CatalogueTable({
  types,
  state,
  onOpen,
  selected,
  onSelect,
  onEdit,
  onToggleStatus,
  onRetry,
}: {
  types: MaterialTypeDto[];
  state: ListState;
  /** The types ticked for labels. */
  selected: ReadonlySet<number>;
  onSelect: (type: MaterialTypeDto, selected: boolean) => void;
  /** Shows the type's stock at every location. */
  onOpen: (type: MaterialTypeDto) => void;
  onEdit: (type: MaterialTypeDto) => void;
  /** Retire an active type (asked first), or make a retired one active again. */
  onToggleStatus: (type: MaterialTypeDto) => void;
  onRetry: () => void;
}) {
  useCodeTypefaces();
  const onRowKey = (event: KeyboardEvent, type: MaterialTypeDto) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(type);
    }
  };
  // A button does its own action; the row's click opens the stock.
  const only = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };

  return (
    <Table aria-label="Catalogue">
      <THead>
        <tr>
          <TH className="w-10">
            <span className="sr-only">Print labels</span>
          </TH>
          <TH>Item No.</TH>
          <TH>Name</TH>
          <TH from="md">Category</TH>
          <TH from="md">Unit</TH>
          <TH from="md" className="text-right">
            Weight/unit (kg)
          </TH>
          <TH from="md" className="text-right">
            Replacement value
          </TH>
          <TH from="md" className="text-right">
            Hire rate per day
          </TH>
          <TH from="sm" className="text-right">
            In stock
          </TH>
          <TH from="md" className="text-right">
            Total weight (kg)
          </TH>
          <TH from="md" className="text-right">
            Total value
          </TH>
          <TH from="sm">Status</TH>
          <TH className="text-right">Actions</TH>
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={COLUMNS}
        count={types.length}
        loading="Loading catalogue..."
        failed="Failed to load the catalogue."
        empty="No material types found."
        onRetry={onRetry}
      >
        {types.map((type) => (
          <TR
            key={type.id}
            tabIndex={0}
            title="Show stock at every location"
            onClick={() => onOpen(type)}
            onKeyDown={(event) => onRowKey(event, type)}
            className="cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          >
            <TD>
              <input
                type="checkbox"
                aria-label={`Print labels for ${type.name}`}
                title="Print labels"
                className="h-4 w-4 cursor-pointer accent-primary"
                checked={selected.has(type.id)}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => onSelect(type, event.target.checked)}
              />
            </TD>
            <TD className="whitespace-nowrap font-mono text-xs">
              {type.itemNumber ?? <span className="text-muted-foreground">None</span>}
            </TD>
            <TD className="font-medium md:whitespace-nowrap">
              {type.name}
              {/* On a narrow screen the other columns fold under the name. */}
              <Folded until="md">
                <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground">
                  <p>
                    {[type.category, unitLabel(type.unit)].filter(Boolean).join(' · ')}
                    {type.weightKg === null ? '' : ` · ${kgText(type.weightKg)} each`}
                  </p>
                  <p>
                    Total: {kgText(type.totalWeightKg)}, value {valueText(type.totalValue)}
                  </p>
                  <Folded until="sm">
                    <p className="flex items-center gap-2">
                      {quantityText(type.totalQuantity)} in stock <StatusBadge type={type} />
                    </p>
                  </Folded>
                </div>
              </Folded>
            </TD>
            <TD from="md">{type.category ?? ''}</TD>
            <TD from="md">{unitLabel(type.unit)}</TD>
            <TD from="md" className="text-right tabular-nums">
              {type.weightKg === null ? 'Not set' : type.weightKg.toLocaleString('en-GB')}
            </TD>
            <TD from="md" className="text-right tabular-nums">
              {valueText(type.replacementValue)}
            </TD>
            <TD from="md" className="text-right tabular-nums">
              {type.hireDayCents === null ? 'Not set' : centsText(type.hireDayCents)}
            </TD>
            <TD from="sm" className="text-right tabular-nums">
              {quantityText(type.totalQuantity)}
            </TD>
            <TD from="md" className="text-right tabular-nums">
              {type.totalWeightKg === null
                ? 'Not set'
                : type.totalWeightKg.toLocaleString('en-GB', { maximumFractionDigits: 1 })}
            </TD>
            <TD from="md" className="text-right tabular-nums">
              {valueText(type.totalValue)}
            </TD>
            <TD from="sm">
              <StatusBadge type={type} />
            </TD>
            <TD className="text-right">
              <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`View stock of ${type.name}`}
                  title="Stock at every location"
                  onClick={only(() => onOpen(type))}
                >
                  <Eye className="h-4 w-4" aria-hidden />
                </Button>
                <EditDeleteButtons name={type.name} onEdit={() => onEdit(type)} />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={
                    type.status === 'active' ? `Retire ${type.name}` : `Make ${type.name} active`
                  }
                  title={type.status === 'active' ? 'Retire' : 'Make active'}
                  onClick={only(() => onToggleStatus(type))}
                >
                  {type.status === 'active' ? (
                    <Archive className="h-4 w-4" aria-hidden />
                  ) : (
                    <ArchiveRestore className="h-4 w-4" aria-hidden />
                  )}
                </Button>
              </div>
            </TD>
          </TR>
        ))}
      </ListBody>
    </Table>
  );
}
