import type { MaterialOption } from '@stockyard/shared';
import { INVOICE_MESSAGES, type InvoiceDto, type LocationOption } from '@stockyard/shared';
import { useEffect } from 'react';
import { optionsState } from '@/components/material-select';
import { useLocationOptions } from '@/hooks/use-location-options';
import { useMaterialOptions } from '@/hooks/use-material-options';
import { notifyToast } from '@/lib/toast';
import { useLocationDetail } from './api/get-location-detail';

/**
 * What the wizard and the items page read besides the invoice: the locations to choose from, the
 * materials of the chosen location (usage picker), its address (the preview's FROM) and its
 * customer (the client the wizard fills in).
 */
export function useInvoiceSources(locationId: number | null, invoice: InvoiceDto | undefined) {
  const locations = useLocationOptions('active');
  const materials = useMaterialOptions(locationId, { silent: true });
  const detail = useLocationDetail(locationId);
  const failed = locations.isError || materials.isError;

  useEffect(() => {
    if (failed) notifyToast.error(INVOICE_MESSAGES.wizardInitialData, { id: 'invoice-sources' });
  }, [failed]);

  // A saved invoice's location stays offered though it has closed since.
  const options: LocationOption[] = [...(locations.data ?? [])];
  if (invoice && !options.some((option) => option.id === invoice.locationId)) {
    options.unshift({ id: invoice.locationId, name: invoice.location.name, status: 'INACTIVE' });
  }
  const materialList: MaterialOption[] = materials.data ?? [];
  const materialsState = optionsState(materials, locationId === null);

  const name = options.find((option) => option.id === locationId)?.name ?? '';
  const address =
    detail.data?.address ??
    (invoice && invoice.locationId === locationId ? invoice.location.address : null);

  const materialName = (materialId: string) => {
    const known = materialList.find((material) => String(material.id) === materialId);
    if (known) return known.name;
    const used = invoice?.items
      .flatMap((item) => item.materialUsages)
      .find((usage) => String(usage.materialId) === materialId);
    return used?.materialName ?? (materialId ? `Material ${materialId}` : '-');
  };

  return {
    locations: options,
    locationsState: locations,
    materials: materialList,
    materialsState,
    location: { name, address },
    /** The chosen site's customer, who its invoices bill; null while unknown. */
    customer: {
      name: detail.data?.customerName ?? null,
      address: detail.data?.customerAddress ?? null,
    },
    materialName,
  };
}
