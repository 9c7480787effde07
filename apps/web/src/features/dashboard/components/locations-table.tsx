import {
  DASHBOARD_MESSAGES,
  dashboardLocationId,
  formatCount,
  type TopLocation,
} from '@stockyard/shared';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import {
  Folded,
  listShows,
  Table,
  TableMessage,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from '@/components/ui/table';

function matches(row: TopLocation, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') return true;
  return [dashboardLocationId(row.location.id), row.location.name, row.location.address].some(
    (value) => value.toLowerCase().includes(text),
  );
}

/** The locations with their share of the units in stock; the search box filters the rows. */
export function LocationsTable({
  locations,
  loading,
}: {
  locations: TopLocation[];
  loading: boolean;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => locations.filter((row) => matches(row, search)), [locations, search]);
  return (
    <Card>
      <section aria-label="Locations">
        <div className="flex flex-wrap items-center justify-between gap-3 p-4">
          <h2 className="text-lg font-semibold">Locations</h2>
          <div className="relative w-full sm:w-64">
            <Search
              className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search locations"
              placeholder={DASHBOARD_MESSAGES.searchPlaceholder}
              className="pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <Table aria-label="Inventory by location">
          <THead>
            <tr>
              <TH>Id</TH>
              <TH>Name</TH>
              <TH from="md">Address</TH>
              <TH>Inventory</TH>
            </tr>
          </THead>
          {/* Replaced whole when what it shows changes: its rows are put in at once (ListBody). */}
          <TBody key={listShows(loading ? 'loading' : 'ready', shown.length)}>
            {loading ? (
              <TableMessage colSpan={4}>
                <span className="sr-only">Loading locations...</span>
                <span className="block h-4 animate-pulse rounded bg-muted" data-testid="skeleton" />
              </TableMessage>
            ) : shown.length === 0 ? (
              <TableMessage colSpan={4}>{DASHBOARD_MESSAGES.noLocations}</TableMessage>
            ) : (
              shown.map((row) => (
                <TR key={row.location.id}>
                  <TD className="whitespace-nowrap font-medium">
                    {dashboardLocationId(row.location.id)}
                  </TD>
                  <TD>
                    {row.location.name}
                    <Folded until="md">
                      <span className="block text-xs text-muted-foreground">
                        {row.location.address}
                      </span>
                    </Folded>
                  </TD>
                  <TD from="md">{row.location.address}</TD>
                  <TD className="min-w-40">
                    <InventoryBar level={row.inventoryLevel} count={row.inventoryCount} />
                  </TD>
                </TR>
              ))
            )}
          </TBody>
        </Table>
        <p className="border-t border-border px-4 py-3 text-sm text-muted-foreground">
          Showing {loading ? 0 : shown.length} of {loading ? 0 : locations.length} locations
        </p>
      </section>
    </Card>
  );
}

function InventoryBar({ level, count }: { level: number; count: number }) {
  return (
    <div className="flex items-center gap-2">
      <div
        className="h-2 w-24 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Inventory level"
        aria-valuenow={level}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${Math.min(level, 100)}%` }}
        />
      </div>
      <span className="whitespace-nowrap text-xs tabular-nums text-muted-foreground">
        {level}% ({formatCount(count)})
      </span>
    </div>
  );
}
