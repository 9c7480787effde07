import { type MaterialTypeDto, PAGE_SIZES } from '@stockyard/shared';
import { Plus, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportMenu } from '@/components/export-menu';
import { PageIntro } from '@/components/page-intro';
import { SearchField } from '@/components/search-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { useOpenedOnce } from '@/components/ui/opened-once';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { deferredDialog } from '@/lib/deferred-dialog';
import { showingRange } from '@/lib/format';
import { INTROS } from '@/lib/page-intros';
import { notifyToast } from '@/lib/toast';
import { type CatalogueFilters, useCatalogue } from './api/get-catalogue';
import { useCategories } from './api/get-categories';
import { useMaterialType } from './api/get-material-type';
import { useSetMaterialTypeStatus } from './api/set-material-type-status';
import { CatalogueTable } from './components/catalogue-table';
import { MaterialTypeStockDialog } from './components/material-type-stock-dialog';

const MaterialTypeFormDialog = deferredDialog(() =>
  import('./components/material-type-form-dialog').then((m) => m.MaterialTypeFormDialog),
);

/** The status filter: the active types unless the URL asks for the retired ones or all. */
const STATUS_FILTERS = ['retired', 'all'] as const;

export default function CataloguePage() {
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    category: 'text',
    status: STATUS_FILTERS,
    type: 'id',
  });
  const { search, category, status } = filters;
  const searchBox = useSearchInput(search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const [formOpen, setFormOpen] = useState(false);
  const formOpened = useOpenedOnce(formOpen);
  const [editing, setEditing] = useState<MaterialTypeDto | null>(null);
  const [retiring, setRetiring] = useState<MaterialTypeDto | null>(null);
  const [viewing, setViewing] = useState<MaterialTypeDto | null>(null);
  // A label's address (/m/<code>) opens its type's stock here: ?type=<id>.
  const linked = useMaterialType(filters.type ? Number(filters.type) : null);
  const shownType = viewing ?? (filters.type ? (linked.data ?? null) : null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const select = (type: MaterialTypeDto, chosen: boolean) =>
    setSelected((before) => {
      const after = new Set(before);
      if (chosen) after.add(type.id);
      else after.delete(type.id);
      return after;
    });

  // The list's filters, as its call and its export send them: the active types unless asked.
  const listFilters: Omit<CatalogueFilters, 'page'> = {
    search: search || undefined,
    category: category || undefined,
    status: status || 'active',
  };
  const query = useCatalogue({ page, ...listFilters });
  const categories = useCategories();
  const setStatus = useSetMaterialTypeStatus();
  const { rows: types, total, totalPages, state } = usePagedList(query, page, replacePage);

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (type: MaterialTypeDto) => {
    setEditing(type);
    setFormOpen(true);
  };
  const changeStatus = (type: MaterialTypeDto, to: 'active' | 'retired') => {
    setStatus.mutate(
      { id: type.id, status: to },
      {
        onSuccess: () =>
          notifyToast.success(
            to === 'retired' ? 'Material type retired.' : 'Material type is active again.',
            {
              description:
                to === 'retired'
                  ? `${type.name} gets no new stock.`
                  : `${type.name} can get new stock again.`,
            },
          ),
        onSettled: () => setRetiring(null),
      },
    );
  };
  // Retiring is asked first; making a type active again is not.
  const onToggleStatus = (type: MaterialTypeDto) =>
    type.status === 'active' ? setRetiring(type) : changeStatus(type, 'active');

  return (
    <div className="space-y-6">
      <PageIntro intro={INTROS.catalogue()} />

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
          <SearchField
            label="Search catalogue"
            placeholder="Search by item number or name..."
            value={searchBox.text}
            onChange={searchBox.setText}
            className="md:flex-1"
          />
          <Select
            aria-label="Filter by category"
            className="md:w-48"
            value={category}
            onChange={(event) => setFilters({ category: event.target.value })}
          >
            <option value="">All Categories</option>
            {/* A category from the URL that no type uses any more is still shown as chosen. */}
            {category && !(categories.data ?? []).includes(category) ? (
              <option value={category}>{category}</option>
            ) : null}
            {(categories.data ?? []).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filter by status"
            className="md:w-36"
            value={status}
            onChange={(event) =>
              setFilters({ status: event.target.value as (typeof STATUS_FILTERS)[number] | '' })
            }
          >
            <option value="">Active</option>
            <option value="retired">Retired</option>
            <option value="all">All</option>
          </Select>
          <div className="flex gap-2 md:ml-auto">
            {selected.size > 0 ? (
              <Link
                className={buttonVariants({ variant: 'outline' })}
                to={`/labels?types=${[...selected].join(',')}`}
              >
                <Tag className="h-4 w-4" aria-hidden />
                Print labels ({selected.size})
              </Link>
            ) : null}
            <ExportMenu path="/catalogue/export" filters={listFilters} fileName="catalogue" />
            <Button onClick={openAdd}>
              <Plus className="h-4 w-4" aria-hidden />
              Add Material Type
            </Button>
          </div>
        </div>
        <CatalogueTable
          types={types}
          state={state}
          onOpen={setViewing}
          selected={selected}
          onSelect={select}
          onEdit={openEdit}
          onToggleStatus={onToggleStatus}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.catalogue, total, 'material types')}
        />
      </Card>

      {/* In the page from its first opening (ui/opened-once.ts): its form sets state as it mounts,
          a synchronous re-render inside the commit that draws the page. */}
      {formOpened ? (
        <MaterialTypeFormDialog open={formOpen} onOpenChange={setFormOpen} type={editing} />
      ) : null}
      <MaterialTypeStockDialog
        type={shownType}
        onOpenChange={(open) => {
          if (open) return;
          setViewing(null);
          if (filters.type) setFilters({ type: '' }, { replace: true });
        }}
      />
      <ConfirmDialog
        open={retiring !== null}
        onOpenChange={(open) => {
          if (!open) setRetiring(null);
        }}
        title={retiring ? `Retire ${retiring.name}?` : 'Retire material type?'}
        description="A retired material gets no new stock at any location. Its stock and its history stay, and it can be made active again."
        confirmLabel="Retire"
        pendingLabel="Retiring..."
        destructive={false}
        pending={setStatus.isPending}
        onConfirm={() => retiring && changeStatus(retiring, 'retired')}
      />
    </div>
  );
}
