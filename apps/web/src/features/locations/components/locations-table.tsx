import { LOCATION_STATUS_LABELS, LOCATION_TYPE_LABELS, type LocationDto } from '@stockyard/shared';
import { Coins, Tag } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { displayId } from '@/lib/format';
import { useCodeTypefaces } from '@/lib/typefaces';

export function LocationsTable({
  locations,
  state,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
  onRates,
  printLabels = false,
  onRetry,
}: {
  locations: LocationDto[];
  state: ListState;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The row actions the user may take; without any, the Actions column is left out. */
  onEdit?: (location: LocationDto) => void;
  onDelete?: (location: LocationDto) => void;
  /** Customer rates, offered on field sites (an admin's). */
  onRates?: (location: LocationDto) => void;
  /** Offer Print label (an admin's). */
  printLabels?: boolean;
  onRetry: () => void;
}) {
  useCodeTypefaces();
  const hasActions = Boolean(onEdit || onDelete || onRates || printLabels);
  const onRowKey = (event: KeyboardEvent, id: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };

  return (
    <Table aria-label="Locations">
      <THead>
        <tr>
          <TH>ID</TH>
          <TH>Name</TH>
          <TH from="sm">Type</TH>
          <TH from="sm">Address</TH>
          <TH from="sm">Status</TH>
          {hasActions ? <TH className="text-right">Actions</TH> : null}
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={hasActions ? 6 : 5}
        count={locations.length}
        loading="Loading locations..."
        failed="Failed to fetch locations."
        empty="No locations found."
        onRetry={onRetry}
      >
        {locations.map((location) => {
          const selected = location.id === selectedId;
          return (
            <TR
              key={location.id}
              tabIndex={0}
              aria-selected={selected}
              onClick={() => onSelect(location.id)}
              onKeyDown={(event) => onRowKey(event, location.id)}
              className={cn(
                'cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                selected && 'bg-accent hover:bg-accent',
              )}
            >
              <TD className="whitespace-nowrap font-mono text-xs text-muted-foreground">
                {displayId('LOC', location.id)}
              </TD>
              <TD className="font-medium sm:whitespace-nowrap">
                {location.name}
                {/* On a phone the other columns fold under the name. */}
                <Folded until="sm">
                  <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground">
                    <p>{location.address}</p>
                    <p className="flex items-center gap-2">
                      {LOCATION_TYPE_LABELS[location.type]}
                      <Badge tone={location.status === 'ACTIVE' ? 'green' : 'grey'}>
                        {LOCATION_STATUS_LABELS[location.status]}
                      </Badge>
                    </p>
                  </div>
                </Folded>
              </TD>
              <TD from="sm" className="whitespace-nowrap">
                {LOCATION_TYPE_LABELS[location.type]}
              </TD>
              <TD from="sm" className="min-w-48 text-muted-foreground">
                {location.address}
              </TD>
              <TD from="sm">
                <Badge tone={location.status === 'ACTIVE' ? 'green' : 'grey'}>
                  {LOCATION_STATUS_LABELS[location.status]}
                </Badge>
              </TD>
              {hasActions ? (
                <TD className="text-right">
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    {printLabels ? (
                      <Link
                        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                        to={`/labels?locations=${location.id}`}
                        aria-label={`Print label for ${location.name}`}
                        title="Print label"
                        onClick={(event) => event.stopPropagation()}
                      >
                        <Tag className="h-4 w-4" aria-hidden />
                      </Link>
                    ) : null}
                    {onRates && location.type === 'FIELD' ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Customer rates of ${location.name}`}
                        title="Customer rates"
                        onClick={(event) => {
                          event.stopPropagation();
                          onRates(location);
                        }}
                      >
                        <Coins className="h-4 w-4" aria-hidden />
                      </Button>
                    ) : null}
                    <EditDeleteButtons
                      name={location.name}
                      onEdit={onEdit && (() => onEdit(location))}
                      onDelete={onDelete && (() => onDelete(location))}
                    />
                  </div>
                </TD>
              ) : null}
            </TR>
          );
        })}
      </ListBody>
    </Table>
  );
}
