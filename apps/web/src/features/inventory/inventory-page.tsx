import { type MaterialDto, ownLocation, PAGE_SIZES } from '@stockyard/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { StockTakeButton } from '@/features/inventory/components/stock-take-button';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { deferredDialog } from '@/lib/deferred-dialog';
import { showingRange } from '@/lib/format';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useDeleteMaterial } from './api/delete-material';
import { useMaterial } from './api/get-material';
import { useMaterials } from './api/get-materials';
import type { RepairOutcome } from './api/repair-stock';
import { MaterialsTable } from './components/materials-table';
import { OnHireSection } from './components/on-hire-section';

const MaterialFormDialog = deferredDialog(() =>
  import('./components/material-form-dialog').then((m) => m.MaterialFormDialog),
);
const TransferMaterialDialog = deferredDialog(() =>
  import('./components/transfer-material-dialog').then((m) => m.TransferMaterialDialog),
);
const RepairStockDialog = deferredDialog(() =>
  import('./components/repair-stock-dialog').then((m) => m.RepairStockDialog),
);
const MovementHistoryDialog = deferredDialog(() =>
  import('./components/movement-history-dialog').then((m) => m.MovementHistoryDialog),
);

export default function InventoryPage() {
  const user = useSession()?.user;
  const can = useCan();
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    location: 'id',
    material: 'id',
  });
  // A field manager sees their own location only: the server keeps them there whatever is asked.
  const scoped = user !== undefined && ownLocation(user) !== null;
  const locationId = scoped ? '' : filters.location;
  const canAdd = can('POST /api/materials/create');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<MaterialDto | null>(null);
  const [deleting, setDeleting] = useState<MaterialDto | null>(null);
  const [history, setHistory] = useState<MaterialDto | null>(null);
  const [transferring, setTransferring] = useState<MaterialDto | null>(null);
  // Repaired or Scrap of a material's units in repair.
  const [repairing, setRepairing] = useState<{
    material: MaterialDto;
    outcome: RepairOutcome;
  } | null>(null);
  // A label's address (/m/<code>) opens its material's history here: ?material=<id>.
  const linked = useMaterial(filters.material ? Number(filters.material) : null);
  const shownHistory = history ?? (filters.material ? (linked.data ?? null) : null);

  const listFilters = { locationId: locationId ? Number(locationId) : undefined };
  const onHireAt = scoped ? ownLocation(user) : locationId ? Number(locationId) : null;
  const query = useMaterials({ page, ...listFilters });
  const remove = useDeleteMaterial();
  const { rows: materials, total, totalPages, state } = usePagedList(query, page, replacePage);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (material: MaterialDto) => {
    setEditing(material);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifyToast.success('Inventory item deleted successfully.'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <PageIntro intro={INTROS.inventory(user)} />

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          {scoped ? null : (
            <LocationFilter
              className="sm:w-60"
              value={locationId}
              onChange={(location) => setFilters({ location })}
            />
          )}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <ExportMenu path="/materials/export" filters={listFilters} fileName="inventory" />
            {canAdd ? (
              <Button onClick={openAdd}>
                <Plus className="h-4 w-4" aria-hidden />
                Add Item
              </Button>
            ) : null}
            <StockTakeButton
              locationId={scoped ? ownLocation(user) : locationId ? Number(locationId) : null}
            />
          </div>
        </div>
        <MaterialsTable
          materials={materials}
          state={state}
          onOpen={setHistory}
          onEdit={can('PUT /api/materials/update/:id') ? openEdit : undefined}
          onDelete={can('DELETE /api/materials/remove/:id') ? setDeleting : undefined}
          onTransfer={can('POST /api/materials/:id/transfer') ? setTransferring : undefined}
          onRepair={
            can('POST /api/materials/:id/repair')
              ? (material) => setRepairing({ material, outcome: 'repair' })
              : undefined
          }
          onScrap={
            can('POST /api/materials/:id/scrap')
              ? (material) => setRepairing({ material, outcome: 'scrap' })
              : undefined
          }
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.inventory, total, 'items')}
        />
      </Card>

      {/* What is on hire at the location shown. Below the stock card: it appears when its answer
          comes, and above it would push the stock down. */}
      {onHireAt !== null ? (
        <OnHireSection locationId={onHireAt} stockShown={state !== 'loading'} />
      ) : null}

      {/* Each dialog is there only while open: closed, its form and reads cost the page's start. */}
      {formOpen ? <MaterialFormDialog open onOpenChange={setFormOpen} material={editing} /> : null}
      {transferring ? (
        <TransferMaterialDialog
          material={transferring}
          onOpenChange={(open) => {
            if (!open) setTransferring(null);
          }}
        />
      ) : null}
      {repairing ? (
        <RepairStockDialog
          material={repairing.material}
          outcome={repairing.outcome}
          onOpenChange={(open) => {
            if (!open) setRepairing(null);
          }}
        />
      ) : null}
      {shownHistory ? (
        <MovementHistoryDialog
          material={shownHistory}
          onOpenChange={(open) => {
            if (open) return;
            setHistory(null);
            if (filters.material) setFilters({ material: '' }, { replace: true });
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={`Delete ${deleting.name}?`}
          description="The item leaves the inventory. Its stock history stays in the ledger."
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      ) : null}
    </div>
  );
}
