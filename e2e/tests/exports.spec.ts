import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

test.describe('list exports', () => {
  test('an admin exports the filtered locations list as CSV and as Excel, and both hold what the filters select', async ({
    page,
    seed,
  }) => {
    const name = unique('Quayside Depot');
    const created = await seed.location({
      name,
      address: '7 Quay Street, Hull',
      type: 'FIELD',
      status: 'INACTIVE',
      customerName: 'Quay Builders Ltd',
      customerAddress: '8 Quay Street, Hull',
      customerEmail: 'accounts@quay.example',
      customerVatId: 'GB123456789',
      customerZeroRated: true,
    });
    await signIn(page, admin);
    await page.goto('/locations');
    await page.getByLabel('Filter by type').selectOption({ label: 'Field' });
    await page.getByLabel('Filter by status').selectOption({ label: 'Inactive' });
    await expect(page).toHaveURL(/type=FIELD/);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    const id = `LOC-${String(created.id).padStart(3, '0')}`;
    const header = [
      'ID',
      'Name',
      'Type',
      'Address',
      'Status',
      'Customer name',
      'Customer address',
      'Customer e-mail',
      'VAT ID',
      'Zero-rated (no VAT)',
    ];
    const expected = [
      id,
      name,
      'Field',
      '7 Quay Street, Hull',
      'Inactive',
      'Quay Builders Ltd',
      '8 Quay Street, Hull',
      'accounts@quay.example',
      'GB123456789',
      'Yes',
    ];

    // CSV: UTF-8 with a byte order mark, CRLF, the filtered rows.
    let downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const csvFile = await downloading;
    expect(csvFile.suggestedFilename()).toMatch(/^locations-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText('Export Successful')).toBeVisible();
    const bytes = await readFile(await csvFile.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const records: string[][] = parse(bytes, { bom: true, record_delimiter: '\r\n' });
    expect(records[0]).toEqual(header);
    expect(records).toContainEqual(expected);
    for (const record of records.slice(1)) {
      expect(record[2]).toBe('Field');
      expect(record[4]).toBe('Inactive');
    }

    // Excel: the same rows, read as a spreadsheet program reads them.
    downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Excel' }).click();
    const xlsxFile = await downloading;
    expect(xlsxFile.suggestedFilename()).toMatch(/^locations-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxFile.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual(header);
    expect(rows).toContainEqual(expected);
    // Each file holds the same rows (both read after the seed; other tests may add more between).
    expect(rows.length).toBeGreaterThanOrEqual(records.length);
  });

  test("an admin exports the inventory filtered to one location as Excel: that location's materials, with the catalogue's item number and weight", async ({
    page,
    request,
    seed,
  }) => {
    const [yard, elsewhere] = [await seed.location(), await seed.location()];
    const { token } = await apiLogin(request, admin);
    const name = unique('Export Coupler');
    const itemNumber = unique('CPL').replaceAll(' ', '-');
    await apiCall(request, token, 'POST', '/api/catalogue/create', {
      itemNumber,
      name,
      unit: 'EACH',
      weightKg: '1.5',
    });
    const created = await apiCall<{ data: { id: number } }>(
      request,
      token,
      'POST',
      '/api/materials/create',
      { name, locationId: yard.id, quantity: 40, unit: 'EACH', notes: '=on the top rack' },
    );
    await apiCall(request, token, 'POST', '/api/materials/create', {
      name: unique('Export Elsewhere'),
      locationId: elsewhere.id,
      quantity: 3,
      unit: 'EACH',
    });

    await signIn(page, admin);
    await page.goto('/inventory');
    await page.getByLabel('Filter by location').selectOption({ label: yard.name });
    await expect(page).toHaveURL(new RegExp(`location=${yard.id}`));
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Excel' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('Export Successful')).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      'SR',
      'Item No.',
      'Material',
      'Location',
      'Quantity',
      'Unit',
      'Status',
      'Weight per unit (kg)',
      'Total weight (kg)',
      'Notes',
      'Updated',
    ]);
    // The location's one material, and nothing of the other location.
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 10)).toEqual([
      `MAT-${String(created.data.id).padStart(3, '0')}`,
      itemNumber,
      name,
      yard.name,
      40,
      'Each',
      'Available',
      1.5,
      60,
      '=on the top rack',
    ]);
    expect(sheet.getCell('J2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('K2').type).toBe(ExcelJS.ValueType.Date);
  });
});
