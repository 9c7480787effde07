import { summarizeByJobType } from '@stockyard/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobTypeSummaryTables } from './job-type-summary-table';

afterEach(cleanup);

const item = (job_type: string, uom: string, quantity: number, calculated: number) => ({
  job_type,
  uom,
  quantity,
  itemTotalCalculatedQuantity: calculated,
});

describe('JobTypeSummaryTables', () => {
  it('shows every total per job type and unit, none across units (decision 044)', () => {
    const summary = summarizeByJobType([
      item('Erection', 'Running MTR', 4, 5.02),
      item('Erection', 'SQM (M2)', 2, 8.4),
      item('Erection', 'SQM (M2)', 1, 0.6),
      item('Dismantling', 'CUM (M3)', 1, 10),
    ]);
    render(<JobTypeSummaryTables summary={summary} headingLevel={2} />);

    const erection = screen.getByRole('region', { name: 'Erection' });
    expect(within(erection).getByRole('heading', { level: 2 }).textContent).toBe('Erection');
    const rows = within(erection).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['SQM (M2)3.009.00', 'Running MTR4.005.02']);
    const dismantling = screen.getByRole('region', { name: 'Dismantling' });
    expect(
      within(dismantling)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['CUM (M3)1.0010.00']);

    // Erection's m² and running metres (14.02) are not added together anywhere.
    expect(document.body.textContent).not.toContain('14.02');
    expect(screen.queryByText(/Total Calculated Quantity:/)).toBeNull();
  });

  it('labels an empty job type and unit', () => {
    render(<JobTypeSummaryTables summary={summarizeByJobType([item('', '', 1, 0)])} />);
    const unknown = screen.getByRole('region', { name: 'Unknown Job Type' });
    expect(within(unknown).getAllByRole('row')[1]?.textContent).toBe('Unknown UOM1.000.00');
  });
});
