import {
  defaultInvoiceId,
  grandTotalQuantity,
  INVOICE_DUE_DAYS,
  INVOICE_MESSAGES,
  INVOICE_UOMS,
  type InvoiceDto,
  isFinalized,
  itemCalculatedQuantity,
  JOB_TYPES,
  localToday,
  roundQuantity,
  toIsoDate,
  type UsageType,
} from '@stockyard/shared';

/**
 * Why a saved invoice is not edited on the form, or null: a finalized one cannot change (decision
 * 044), and a hire invoice's lines are its billing run's.
 */
export function lockedReason(invoice: Pick<InvoiceDto, 'status' | 'kind'>): string | null {
  if (isFinalized(invoice.status)) return INVOICE_MESSAGES.finalizedCannotChange;
  if (invoice.kind !== 'WORK') return INVOICE_MESSAGES.hireNotEditable;
  return null;
}

/** The wizard's fields as the inputs hold them (text); the shared schema reads them on submit. */
export type UsageFormValues = {
  materialId: string;
  usageType: UsageType;
  quantity: string;
  length: string;
  width: string;
  height: string;
  notes: string;
};

export type ItemFormValues = {
  location: string;
  item_date: string;
  job_description: string;
  job_type: string;
  uom: string;
  quantity: string;
  length: string;
  width: string;
  height: string;
  remark: string;
  materialUsages: UsageFormValues[];
};

export type InvoiceFormValues = {
  invoiceId: string;
  locationId: string;
  issueDate: string;
  dueDate: string;
  clientName: string;
  clientAddress: string;
  department: string;
  job_period: string;
  job_details: string;
  signature: string;
  notes: string;
  invoice_remark: string;
  items: ItemFormValues[];
};

export const DETAIL_FIELDS = [
  'invoiceId',
  'locationId',
  'issueDate',
  'dueDate',
  'clientName',
  'clientAddress',
  'department',
  'job_period',
  'job_details',
  'signature',
  'notes',
  'invoice_remark',
] as const;

/** A number as typed; a blank or anything unreadable counts as 0 (02 section 5). */
export function typedNumber(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const value = Number((text ?? '').trim());
  return (text ?? '').trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** A quantity as every screen and document shows it: 2 decimals. */
export function formatQuantity(value: number): string {
  return roundQuantity(value).toFixed(2);
}

/** An item's calculated quantity from what its inputs hold. */
export function calculatedQuantity(
  item: Pick<ItemFormValues, 'uom' | 'quantity' | 'length' | 'width' | 'height'>,
): number {
  return itemCalculatedQuantity({
    uom: item.uom,
    quantity: typedNumber(item.quantity),
    length: typedNumber(item.length),
    width: typedNumber(item.width),
    height: typedNumber(item.height),
  });
}

function today(): string {
  return localToday();
}

function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const date = new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days);
  return toIsoDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** Default item: quantity 1, dimensions 0, the first job type and the first unit (02 section 9). */
export function blankItem(): ItemFormValues {
  return {
    location: '',
    item_date: '',
    job_description: '',
    job_type: JOB_TYPES[0],
    uom: INVOICE_UOMS[0],
    quantity: '1',
    length: '0',
    width: '0',
    height: '0',
    remark: '',
    materialUsages: [],
  };
}

export function blankUsage(): UsageFormValues {
  return {
    materialId: '',
    usageType: 'QTY',
    quantity: '0',
    length: '0',
    width: '0',
    height: '0',
    notes: '',
  };
}

/** A new invoice: a fresh INV- id, issued today, due INVOICE_DUE_DAYS later, with one blank item. */
export function newInvoiceValues(locationId: number | null): InvoiceFormValues {
  const issueDate = today();
  return {
    invoiceId: defaultInvoiceId(),
    locationId: locationId ? String(locationId) : '',
    issueDate,
    dueDate: addDays(issueDate, INVOICE_DUE_DAYS),
    clientName: '',
    clientAddress: '',
    department: '',
    job_period: '',
    job_details: '',
    signature: '',
    notes: '',
    invoice_remark: '',
    items: [blankItem()],
  };
}

const text = (value: string | null | undefined) => value ?? '';

function itemsToFormValues(items: InvoiceDto['items']): ItemFormValues[] {
  return items.map((item) => ({
    location: text(item.location),
    item_date: text(item.item_date),
    job_description: text(item.job_description),
    job_type: item.job_type,
    uom: item.uom,
    quantity: String(item.quantity),
    length: String(item.length),
    width: String(item.width),
    height: String(item.height),
    remark: text(item.remark),
    materialUsages: item.materialUsages.map((usage) => ({
      materialId: String(usage.materialId),
      usageType: usage.usageType,
      quantity: String(usage.quantity),
      length: String(usage.length),
      width: String(usage.width),
      height: String(usage.height),
      notes: text(usage.notes),
    })),
  }));
}

export function invoiceToFormValues(invoice: InvoiceDto): InvoiceFormValues {
  return {
    invoiceId: invoice.invoiceId,
    locationId: String(invoice.locationId),
    issueDate: invoice.issueDate.slice(0, 10),
    dueDate: invoice.dueDate.slice(0, 10),
    clientName: invoice.clientName,
    clientAddress: invoice.clientAddress,
    department: text(invoice.department),
    job_period: text(invoice.job_period),
    job_details: text(invoice.job_details),
    signature: text(invoice.signature),
    notes: text(invoice.notes),
    invoice_remark: text(invoice.invoice_remark),
    items: itemsToFormValues(invoice.items),
  };
}

/** The current year-month, yyyy-MM: the list's and the report's default month. */
export function currentMonth(): string {
  return today().slice(0, 7);
}

/** What the preview shows of the wizard's values before they are saved (the server's totals match). */
export function formToDocument(
  values: InvoiceFormValues,
  context: {
    status: string;
    location: { name: string; address: string | null };
    materialName: (materialId: string) => string;
    user: { name: string; email: string } | null;
    createdAt: string | null;
    updatedAt: string | null;
  },
) {
  const blank = (value: string) => (value.trim() === '' ? null : value.trim());
  const items = values.items.map((item) => ({
    location: blank(item.location),
    item_date: blank(item.item_date),
    job_description: blank(item.job_description),
    job_type: item.job_type,
    uom: item.uom,
    quantity: typedNumber(item.quantity),
    length: typedNumber(item.length),
    width: typedNumber(item.width),
    height: typedNumber(item.height),
    remark: blank(item.remark),
    itemTotalCalculatedQuantity: calculatedQuantity(item),
    materialUsages: item.materialUsages.map((usage) => ({
      materialName: context.materialName(usage.materialId),
      usageType: usage.usageType,
      quantity: usage.usageType === 'QTY' ? typedNumber(usage.quantity) : 0,
      length: usage.usageType === 'SIZE' ? typedNumber(usage.length) : 0,
      width: usage.usageType === 'SIZE' ? typedNumber(usage.width) : 0,
      height: usage.usageType === 'SIZE' ? typedNumber(usage.height) : 0,
      notes: blank(usage.notes),
    })),
  }));
  return {
    invoiceId: values.invoiceId,
    status: context.status,
    clientName: values.clientName,
    clientAddress: values.clientAddress,
    location: context.location,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    department: blank(values.department),
    job_period: blank(values.job_period),
    job_details: blank(values.job_details),
    invoice_remark: blank(values.invoice_remark),
    notes: blank(values.notes),
    signature: blank(values.signature),
    items,
    grandTotalCalculatedVolumeQty: grandTotalQuantity(items),
    user: context.user,
    createdAt: context.createdAt,
    updatedAt: context.updatedAt,
  };
}
