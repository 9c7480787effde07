import {
  type JobTypeSummaryDto,
  type JobTypeSummaryQuery,
  type SessionUser,
  summarizeByJobType,
} from '@stockyard/shared';
import type { AppContext } from '../../context';
import { listScope } from '../../lib/location-scope';
import * as invoices from '../invoices/invoices.repository';
import { monthRange } from '../invoices/invoices.service';

/**
 * The job type summary report (03 section 2.7) over every invoice the viewer may see (a field
 * manager's location's), in a month and at a location when asked: item quantities and calculated
 * quantities per job type and unit, summed in SQL and ordered as the shared summary orders them.
 */
export async function invoiceJobTypeSummary(
  ctx: AppContext,
  user: SessionUser,
  query: JobTypeSummaryQuery,
): Promise<JobTypeSummaryDto> {
  const sums = await invoices.sumItemsByJobTypeAndUom(ctx.db, {
    month: monthRange(query.month),
    locationId: listScope(user, query.locationId),
  });
  return summarizeByJobType(
    sums.map((row) => ({
      job_type: row.jobType,
      uom: row.uom,
      quantity: row.quantity,
      itemTotalCalculatedQuantity: row.calculated,
    })),
  );
}
