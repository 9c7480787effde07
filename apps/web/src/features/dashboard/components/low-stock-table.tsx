import { type MaterialDto, type MaterialStatus, materialStatus } from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';

const TONES = {
  Available: 'green',
  'Low Stock': 'yellow',
  'Out of Stock': 'red',
} as const satisfies Record<MaterialStatus, string>;

/** The admin's Low Stock Items (at most 10, emptiest first); not shown when there are none. */
export function LowStockTable({ items }: { items: MaterialDto[] }) {
  if (items.length === 0) return null;
  return (
    <Card>
      <section aria-label="Low Stock Items">
        <h2 className="p-4 text-lg font-semibold">Low Stock Items</h2>
        <Table aria-label="Low stock materials">
          <THead>
            <tr>
              <TH>Item</TH>
              <TH>Location</TH>
              <TH>Quantity</TH>
              <TH>Status</TH>
            </tr>
          </THead>
          <TBody>
            {items.map((item) => {
              const status = materialStatus(item.quantity);
              return (
                <TR key={item.id}>
                  <TD className="font-medium">{item.name}</TD>
                  <TD>{item.location.name}</TD>
                  <TD className="tabular-nums">{item.quantity}</TD>
                  <TD>
                    <Badge tone={TONES[status]}>{status}</Badge>
                  </TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      </section>
    </Card>
  );
}
