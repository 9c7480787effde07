import type { MaterialTypeDto } from '@stockyard/shared';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ListBody, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { listState } from '@/hooks/use-paged-list';
import { useMaterialType } from '../api/get-material-type';
import { StatusBadge } from './catalogue-table';
import { kgText, quantityText, unitLabel, valueText } from './figures';

/** One type's stock at every location that holds it, with its weight and value there. */
export function MaterialTypeStockDialog({
  type,
  onOpenChange,
}: {
  /** The type whose stock to show; null keeps the dialog closed. */
  type: MaterialTypeDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useMaterialType(type?.id ?? null);
  // The detail, once read, follows every write; the row's figures stand in until then.
  const shown = query.data ?? type;
  const stock = query.data?.stock ?? [];

  return (
    <Dialog open={type !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Stock by Location"
        description={
          shown
            ? `${shown.itemNumber ? `${shown.itemNumber} ` : ''}${shown.name}, counted in ${unitLabel(shown.unit)}`
            : undefined
        }
        className="max-w-3xl"
      >
        {shown ? (
          <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadge type={shown} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">In stock</dt>
              <dd className="font-medium tabular-nums">{quantityText(shown.totalQuantity)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Total weight</dt>
              <dd className="font-medium tabular-nums">{kgText(shown.totalWeightKg)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Total value</dt>
              <dd className="font-medium tabular-nums">{valueText(shown.totalValue)}</dd>
            </div>
          </dl>
        ) : null}
        <div className="-mx-6 border-t border-border">
          <Table aria-label="Stock by location">
            <THead>
              <tr>
                <TH>Location</TH>
                <TH className="text-right">Quantity</TH>
                <TH className="text-right">Weight</TH>
                <TH className="text-right">Value</TH>
              </tr>
            </THead>
            <ListBody
              state={listState(query)}
              columns={4}
              count={stock.length}
              loading="Loading stock..."
              failed="Failed to load the stock."
              empty="No location holds this material."
              onRetry={() => void query.refetch()}
            >
              {stock.map((row) => (
                <TR key={row.materialId}>
                  <TD className="font-medium">{row.locationName}</TD>
                  <TD className="text-right tabular-nums">{quantityText(row.quantity)}</TD>
                  <TD className="text-right tabular-nums whitespace-nowrap">
                    {kgText(row.weightKg)}
                  </TD>
                  <TD className="text-right tabular-nums">{valueText(row.value)}</TD>
                </TR>
              ))}
            </ListBody>
          </Table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
