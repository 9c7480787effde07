import { ClipboardList } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLocationOptions } from '@/hooks/use-location-options';
import { deferredDialog } from '@/lib/deferred-dialog';
import { useCan } from '@/lib/session';
import type { StockTakeLocation } from './stock-take-dialog';

const StockTakeDialog = deferredDialog(() =>
  import('./stock-take-dialog').then((m) => m.StockTakeDialog),
);

/**
 * The Inventory page's entry to a stock-take of the location it shows, offered to those the access
 * table lets confirm one (an admin; a field manager with Manage Inventory, at their location).
 */
export function StockTakeButton({
  locationId,
  className,
}: {
  /** The location on screen; none (every location) offers no stock-take. */
  locationId: number | null;
  className?: string;
}) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const locations = useLocationOptions('all');
  const name = locations.data?.find((option) => option.id === locationId)?.name;
  const location = useMemo<StockTakeLocation | null>(
    () => (open && locationId !== null ? { id: locationId, name: name ?? 'this location' } : null),
    [open, locationId, name],
  );
  if (locationId === null || !can('POST /api/stock-takes/:locationId')) return null;
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        <ClipboardList className="h-4 w-4" aria-hidden />
        Stock-take
      </Button>
      {/* There only while open: closed, its upload flow cost the Inventory page's start. */}
      {location ? <StockTakeDialog location={location} onOpenChange={setOpen} /> : null}
    </>
  );
}
