import {
  type MaterialDto,
  PAGE_SIZES,
  STOCK_MOVEMENT_REASON_LABELS,
  type StockMovementDto,
} from '@stockyard/shared';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Folded, ListBody, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { usePagedList } from '@/hooks/use-paged-list';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { displayId, showingRange } from '@/lib/format';
import { useMovements } from '../api/get-movements';

const COLUMNS = 5;

/** "Transfer out to Site B" rather than the reason alone, when the movement is a transfer. */
function movementReasonText(movement: StockMovementDto): string {
  const where = movement.counterpart?.locationName;
  if (where && movement.reason === 'TRANSFER_OUT') return `Transfer out to ${where}`;
  if (where && movement.reason === 'TRANSFER_IN') return `Transfer in from ${where}`;
  return STOCK_MOVEMENT_REASON_LABELS[movement.reason] ?? movement.reason;
}

/** The stock ledger of one material: every change, what it left, why and by whom. */
export function MovementHistoryDialog({
  material,
  onOpenChange,
}: {
  material: MaterialDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const materialId = material?.id ?? null;
  useEffect(() => {
    if (materialId !== null) setPage(1);
  }, [materialId]);
  const query = useMovements(materialId, page);
  const { rows: movements, total, totalPages, state } = usePagedList(query, page, setPage);

  return (
    <Dialog open={material !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Stock History"
        description={
          material
            ? `${displayId('MAT', material.id)} ${material.name} at ${material.location.name}`
            : undefined
        }
        className="max-w-3xl"
      >
        <div className="-mx-6 border-t border-border">
          <Table aria-label="Stock movements">
            <THead>
              <tr>
                <TH>Date</TH>
                <TH className="text-right">Change</TH>
                <TH className="text-right">Quantity After</TH>
                <TH from="sm">Reason</TH>
                <TH from="sm">By</TH>
              </tr>
            </THead>
            <ListBody
              state={state}
              columns={COLUMNS}
              count={movements.length}
              loading="Loading stock history..."
              failed="Failed to load stock history."
              empty="No stock movements yet."
              onRetry={() => void query.refetch()}
            >
              {movements.map((movement) => (
                <TR key={movement.id}>
                  <TD className="sm:whitespace-nowrap">
                    {formatDateTime(movement.createdAt)}
                    {/* On a phone the reason and the person fold under the date. */}
                    <Folded until="sm">
                      <span className="block text-xs text-muted-foreground">
                        {movementReasonText(movement)} by {movement.user?.name ?? '-'}
                      </span>
                    </Folded>
                  </TD>
                  <TD
                    className={cn(
                      'text-right font-medium tabular-nums',
                      movement.delta > 0 && 'text-green-700 dark:text-green-400',
                      movement.delta < 0 && 'text-red-700 dark:text-red-400',
                    )}
                  >
                    {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                  </TD>
                  <TD className="text-right tabular-nums">{movement.quantityAfter}</TD>
                  <TD from="sm" className="whitespace-nowrap">
                    {movementReasonText(movement)}
                    {/* A transfer names its other side above; other references are shown as they are. */}
                    {movement.reference && !movement.counterpart ? (
                      <span className="block text-xs text-muted-foreground">
                        {movement.reference}
                      </span>
                    ) : null}
                  </TD>
                  <TD from="sm" className="whitespace-nowrap">
                    {movement.user?.name ?? '-'}
                  </TD>
                </TR>
              ))}
            </ListBody>
          </Table>
        </div>
        <div className="-mx-6 -mb-6">
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            summary={showingRange(page, PAGE_SIZES.inventory, total, 'movements')}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
