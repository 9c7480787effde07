import { type MaterialDto, PAGE_SIZES } from '@stockyard/shared';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { showingRange } from '@/lib/format';
import { notifyToast } from '@/lib/toast';
import { useDeleteMaterial } from './api/delete-material';
import { useLocationOptions } from './api/get-location-options';
import { useMaterials } from './api/get-materials';
import { MaterialFormDialog } from './components/material-form-dialog';
import { MaterialsTable } from './components/materials-table';
import { MovementHistoryDialog } from './components/movement-history-dialog';

export default function InventoryPage() {
  const [page, setPage] = useState(1);
  const [locationId, setLocationId] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<MaterialDto | null>(null);
  const [deleting, setDeleting] = useState<MaterialDto | null>(null);
  const [history, setHistory] = useState<MaterialDto | null>(null);

  const query = useMaterials({ page, locationId: locationId ? Number(locationId) : undefined });
  const locations = useLocationOptions('all');
  const remove = useDeleteMaterial();
  const materials = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;
  const totalPages = query.data?.pagination?.totalPages ?? 1;

  // A delete can empty the last page: step back to the one that still has rows.
  useEffect(() => {
    if (query.data && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [query.data, page, totalPages]);

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
      <div>
        <h1 className="text-2xl font-semibold">Inventory Management</h1>
        <p className="text-sm text-muted-foreground">
          Materials at every location. Choose an item to see its stock history.
        </p>
      </div>

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row">
          <Select
            aria-label="Filter by location"
            className="sm:w-60"
            value={locationId}
            onChange={(event) => {
              setLocationId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All Locations</option>
            {(locations.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </Select>
          <Button className="sm:ml-auto" onClick={openAdd}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Item
          </Button>
        </div>
        <MaterialsTable
          materials={materials}
          state={query.isPending ? 'loading' : query.isError && !query.data ? 'error' : 'ready'}
          onOpen={setHistory}
          onEdit={openEdit}
          onDelete={setDeleting}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.inventory, total, 'items')}
        />
      </Card>

      <MaterialFormDialog open={formOpen} onOpenChange={setFormOpen} material={editing} />
      <MovementHistoryDialog
        material={history}
        onOpenChange={(open) => {
          if (!open) setHistory(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete inventory item?'}
        description="The item leaves the inventory. Its stock history stays in the ledger."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
