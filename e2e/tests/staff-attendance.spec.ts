import { ATTENDANCE_MESSAGES, DEFAULT_PERMISSIONS } from '@stockyard/shared';
import ExcelJS from 'exceljs';
import { admin, apiCall, apiLogin, expect, signIn, test, unique } from '../fixtures';

const pad = (value: number) => String(value).padStart(2, '0');
/** A day of a month as the date fields take it (dd/mm/yyyy) and as the API has it (yyyy-MM-dd). */
function day(date: Date) {
  const iso = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return { iso, typed: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` };
}

test.describe('staff and attendance', () => {
  test('a field manager adds a staff member, marks their attendance, is refused an overlap, sees the chart, filters by month and exports', async ({
    page,
    request,
    seed,
  }) => {
    test.slow(); // The whole of a month's attendance through both screens.
    const site = await seed.location({ type: 'FIELD' });
    const other = await seed.location({ type: 'FIELD' });
    const manager = await seed.fieldManager(site.id, {
      ...DEFAULT_PERMISSIONS,
      manageAttendance: true,
    });
    const name = unique('Asha Rigger');
    const today = new Date();
    const lastMonth = new Date(today.getFullYear(), today.getMonth() - 1, 12);

    await signIn(page, manager);
    await page.goto('/');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff Management' })).toBeVisible();

    // A bad phone and email first: the spec's messages, nothing saved.
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const form = page.getByRole('dialog', { name: 'Add Staff' });
    await form.getByLabel('Full Name', { exact: true }).fill(name);
    await form.getByLabel('Email', { exact: true }).fill('asha-at-site');
    await form.getByLabel('Phone', { exact: true }).fill('555 123');
    await form.getByLabel('Position', { exact: true }).fill('Scaffolder');
    await expect(form.getByLabel('Location', { exact: true })).toHaveValue(String(site.id));
    await form.getByLabel('Department', { exact: true }).fill('Erection');
    await form.getByLabel('Hire Date', { exact: true }).fill('18/03/2024');
    await form.getByLabel('Annual Salary ($)', { exact: true }).fill('38500');
    await form.getByLabel('Status', { exact: true }).selectOption({ label: 'Active (Available)' });
    await form.getByLabel('Address', { exact: true }).fill('12 Harbour Lane, Hull');
    await form.getByLabel('Emergency Contact Name', { exact: true }).fill('Ravi Rigger');
    await form.getByLabel('Emergency Contact Phone', { exact: true }).fill('07700 900456');
    await form.getByRole('button', { name: 'Add Staff' }).click();
    await expect(form.getByText('Invalid email format')).toBeVisible();
    await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();
    await form
      .getByLabel('Email', { exact: true })
      .fill(`${unique('asha').replaceAll(' ', '.')}@site.test`);
    await form.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await form.getByRole('button', { name: 'Add Staff' }).click();
    await expect(page.getByText('Staff Added')).toBeVisible();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('18 Mar 2024');
    await expect(row).toContainText('$38,500');
    await expect(row).toContainText('ACTIVE');

    // Add Attendance: the staff member's page, their name locked in the form.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Add Attendance' }).click();
    await expect(page).toHaveURL(/\/attendance\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Staff Attendance' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark Attendance' }).click();
    const mark = page.getByRole('dialog', { name: 'Mark Attendance' });
    await expect(mark.getByLabel('Staff Member', { exact: true })).toBeDisabled();
    await expect(mark.getByLabel('Staff Member', { exact: true })).toHaveText(name);
    await mark.getByLabel('Check In', { exact: true }).fill('08:00');
    await mark.getByLabel('Check Out', { exact: true }).fill('12:00');
    await mark.getByLabel('Notes (Optional)', { exact: true }).fill('Tower crane base');
    await mark.getByRole('button', { name: 'Mark Attendance' }).click();
    await expect(page.getByText('Attendance Marked')).toBeVisible();
    await expect(page.getByText(`Attendance for ${name} has been recorded.`)).toBeVisible();
    await expect(mark).toBeHidden();
    const record = page.getByRole('row').filter({ hasText: 'Tower crane base' });
    await expect(record).toContainText('08:00');
    await expect(record).toContainText('12:00');
    await expect(record).toContainText('PRESENT');
    // Its day dd/mm/yyyy, as every list writes a date (the staff list's Hire Date excepted).
    await expect(record).toContainText(day(today).typed);
    await expect(page.getByText('Showing 1 to 1 of 1 records')).toBeVisible();

    // An interval around the first one is refused, the message saying where and when the other
    // record is: here, at the same site (not "a different location").
    await page.getByRole('button', { name: 'Mark Attendance' }).click();
    await mark.getByLabel('Check In', { exact: true }).fill('07:00');
    await mark.getByLabel('Check Out', { exact: true }).fill('13:00');
    await mark.getByLabel('Status', { exact: true }).selectOption({ label: 'Late' });
    await mark.getByRole('button', { name: 'Mark Attendance' }).click();
    const overlap = `Staff member has overlapping attendance at ${site.name} on ${day(today).typed} (08:00 to 12:00).`;
    await expect(mark.getByText(overlap)).toBeVisible();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await mark.getByRole('button', { name: 'Cancel' }).click();

    // Last month's days, marked through the API (and the admin refused one at another location).
    const staffId = Number(page.url().split('/').pop());
    const { token } = await apiLogin(request, manager);
    const earlier = day(lastMonth);
    await apiCall(request, token, 'POST', '/api/attendance', {
      staffId,
      locationId: site.id,
      date: earlier.iso,
      status: 'ABSENT',
      notes: '=SUM(A1:A2)',
    });
    const { token: adminToken } = await apiLogin(request, admin);
    const elsewhere = await request.post('/api/attendance', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        staffId,
        locationId: other.id,
        date: day(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 13)).iso,
        checkIn: '09:00',
        checkOut: '17:00',
        status: 'HALF_DAY',
      },
    });
    expect(elsewhere.status()).toBe(400);
    expect((await elsewhere.json()).message).toBe(ATTENDANCE_MESSAGES.notStaffLocation);

    // The chart: present this month, absent last month.
    await page.goto('/staff');
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'View Attendance' }).click();
    const overview = page.getByRole('dialog', { name: 'Attendance Overview' });
    await expect(
      overview.getByTestId('attendance-pie').locator('.recharts-pie-sector'),
    ).toHaveCount(2);
    await expect(overview.getByText('Present: 1')).toBeVisible();
    await expect(overview.getByText('Absent: 1')).toBeVisible();
    // The half day at another location was refused.
    await expect(overview.getByText('Half Day: 0')).toBeVisible();
    await page.keyboard.press('Escape');

    // The month filter: this month by default, last month on request.
    await page.getByRole('navigation').getByRole('link', { name: 'Attendance' }).click();
    await expect(page.getByText('Tower crane base')).toBeVisible();
    await page.getByLabel('Filter by month').fill(earlier.iso.slice(0, 7));
    const absent = page.getByRole('row').filter({ hasText: name });
    await expect(absent).toHaveCount(1);
    await expect(absent).toContainText('ABSENT');
    await expect(absent).toContainText('=SUM(A1:A2)');
    await expect(page.getByText('Tower crane base')).toBeHidden();

    // The export holds what the filters select.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('attendance-list.xlsx');
    await expect(page.getByText('Export Successful')).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const mine: unknown[][] = [];
    const dayFormats: string[] = [];
    sheet.eachRow((sheetRow) => {
      const values = sheetRow.values as unknown[];
      if (values[1] !== name) return;
      mine.push(values);
      dayFormats.push(sheetRow.getCell(3).numFmt);
    });
    // A date cell shown dd/mm/yyyy.
    expect(dayFormats).toEqual(['dd/mm/yyyy']);
    expect(mine).toHaveLength(1);
    expect(mine[0]![6]).toBe('ABSENT');
    expect(mine[0]![7]).toBe('=SUM(A1:A2)');
    expect((mine[0]![3] as Date).toISOString().slice(0, 10)).toBe(earlier.iso);
  });
});
