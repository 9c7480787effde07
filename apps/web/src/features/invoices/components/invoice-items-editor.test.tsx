import type { MaterialOption } from '@stockyard/shared';
import { INVOICE_MESSAGES } from '@stockyard/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '@/test-support/match-media';
import { blankItem, type InvoiceFormValues, newInvoiceValues } from '../invoice-form';
import { useInvoiceForm } from '../use-invoice-form';
import { InvoiceItemsEditor } from './invoice-items-editor';

const MATERIALS: MaterialOption[] = [
  { id: 7, name: 'Steel Tube', unit: 'EACH', quantity: 10, weightKg: null },
  { id: 8, name: 'Base Plate', unit: 'EACH', quantity: 40, weightKg: null },
];

let values: () => InvoiceFormValues;

function Harness({ items }: { items: InvoiceFormValues['items'] }) {
  const { form } = useInvoiceForm({ ...newInvoiceValues(1), items });
  values = form.getValues;
  return <InvoiceItemsEditor form={form} materials={MATERIALS} materialsState="ready" />;
}

function renderEditor(items = [blankItem()]) {
  render(
    <>
      <Harness items={items} />
      <Toaster />
    </>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const shown = (label: string) => screen.getByLabelText(label).textContent;
/** The volume totals as read, one line a unit. */
const totals = () =>
  within(screen.getByRole('list', { name: 'Volume totals' }))
    .queryAllByRole('listitem')
    .map((line) => line.textContent);

beforeAll(() => {
  // sonner asks for the colour scheme.
  stubMatchMedia(0);
});
afterEach(cleanup);

describe('InvoiceItemsEditor', () => {
  it('starts with one blank item: quantity 1, dimensions 0, Erection, SQM (M2)', () => {
    renderEditor();
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 Quantity').value).toBe('1');
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 Length').value).toBe('0');
    expect(screen.getByLabelText<HTMLSelectElement>('Item 1 Job Type').value).toBe('Erection');
    expect(screen.getByLabelText<HTMLSelectElement>('Item 1 UOM').value).toBe('SQM (M2)');
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 Measure').value).toBe('L*H*W');
    expect(shown('Item 1 Calculated Quantity')).toBe('0.00');
    expect(totals()).toEqual(['Total SQM (M2): 0.00']);
    expect(shown('Total SQM (M2)')).toBe('0.00');
  });

  it("updates each row's calculated quantity and one volume total a unit as you type, to 2 decimals", () => {
    renderEditor();
    type('Item 1 Quantity', '2');
    type('Item 1 Length', '3.5');
    type('Item 1 Width', '1.25');
    expect(shown('Item 1 Calculated Quantity')).toBe('8.75');

    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    type('Item 2 UOM', 'CUM (M3) (6-12m)');
    type('Item 2 Quantity', '3');
    type('Item 2 Length', '2');
    type('Item 2 Width', '1.5');
    type('Item 2 Height', '0.333');
    expect(shown('Item 2 Calculated Quantity')).toBe('3.00');
    // m² and m³ are not added together.
    expect(totals()).toEqual(['Total SQM (M2): 8.75', 'Total CUM (M3) (6-12m): 3.00']);

    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    type('Item 3 UOM', 'Running MTR');
    type('Item 3 Quantity', '4');
    type('Item 3 Length', '');
    expect(shown('Item 3 Calculated Quantity')).toBe('0.00');
    type('Item 3 Length', '2.5');
    expect(shown('Item 3 Calculated Quantity')).toBe('10.00');
    // In the order of the units' list, as the invoice document shows them.
    expect(totals()).toEqual([
      'Total SQM (M2): 8.75',
      'Total Running MTR: 10.00',
      'Total CUM (M3) (6-12m): 3.00',
    ]);
    expect(shown('Total Running MTR')).toBe('10.00');
    expect(screen.queryByLabelText('Grand Total Volume Qty')).toBeNull();

    // A second item of a unit adds to that unit's total only.
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    type('Item 4 Quantity', '1');
    type('Item 4 Length', '2');
    type('Item 4 Width', '0.625');
    expect(shown('Total SQM (M2)')).toBe('10.00');

    fireEvent.click(screen.getByRole('button', { name: 'Delete item 1' }));
    expect(shown('Total SQM (M2)')).toBe('1.25');
    // The running metre (now item 2) deleted: its unit's line goes with it.
    fireEvent.click(screen.getByRole('button', { name: 'Delete item 2' }));
    expect(totals()).toEqual(['Total SQM (M2): 1.25', 'Total CUM (M3) (6-12m): 3.00']);
  });

  it('hides width and height for the units that do not use them', () => {
    renderEditor();
    expect(screen.getByLabelText('Item 1 Width')).toBeTruthy();
    expect(screen.queryByLabelText('Item 1 Height')).toBeNull();

    type('Item 1 Width', '4');
    type('Item 1 UOM', 'Running MTR');
    expect(screen.getByLabelText('Item 1 Length')).toBeTruthy();
    expect(screen.queryByLabelText('Item 1 Width')).toBeNull();
    expect(screen.queryByLabelText('Item 1 Height')).toBeNull();
    // A hidden dimension counts for nothing, and is not kept.
    expect(values().items[0]?.width).toBe('0');

    type('Item 1 UOM', 'CUM (M3) (0-6m)');
    for (const label of ['Length', 'Width', 'Height']) {
      expect(screen.getByLabelText(`Item 1 ${label}`)).toBeTruthy();
    }
  });

  it('switching the usage type zeroes the other kind of measure', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Material Usage for item 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    type('Item 1 usage 1 Material', '8');
    type('Item 1 usage 1 Quantity', '5');
    expect(values().items[0]?.materialUsages[0]).toMatchObject({ materialId: '8', quantity: '5' });

    type('Item 1 usage 1 Usage Type', 'SIZE');
    expect(screen.queryByLabelText('Item 1 usage 1 Quantity')).toBeNull();
    expect(values().items[0]?.materialUsages[0]?.quantity).toBe('0');
    type('Item 1 usage 1 Length', '2');
    type('Item 1 usage 1 Width', '1.5');
    type('Item 1 usage 1 Height', '3');

    type('Item 1 usage 1 Usage Type', 'QTY');
    expect(screen.queryByLabelText('Item 1 usage 1 Length')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 usage 1 Quantity').value).toBe('0');
    expect(values().items[0]?.materialUsages[0]).toMatchObject({
      usageType: 'QTY',
      length: '0',
      width: '0',
      height: '0',
    });
    expect(screen.getByRole('button', { name: 'Material Usage for item 1' }).textContent).toContain(
      'Usage (1)',
    );
  });

  it("refuses a usage quantity above the material's stock with the toast, keeping the last value", async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Material Usage for item 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Material' }));
    const picker = within(screen.getByLabelText('Item 1 usage 1 Material'));
    expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select material',
      'Steel Tube (10 Each)',
      'Base Plate (40 Each)',
    ]);
    type('Item 1 usage 1 Material', '7');
    type('Item 1 usage 1 Quantity', '10');
    type('Item 1 usage 1 Quantity', '11');

    expect(await screen.findByText(INVOICE_MESSAGES.usageExceedsStock(10))).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 usage 1 Quantity').value).toBe('10');
    await waitFor(() => expect(values().items[0]?.materialUsages[0]?.quantity).toBe('10'));
  });
});
