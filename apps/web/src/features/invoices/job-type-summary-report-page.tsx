import { INVOICE_MESSAGES, ownLocation } from '@stockyard/shared';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LocationFilter } from '@/components/location-filter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useListParams } from '@/hooks/use-list-params';
import { useSession } from '@/lib/session';
import { useJobTypeSummary } from './api/get-job-type-summary';
import { JobTypeSummaryTables } from './components/job-type-summary-table';
import { MonthFilter, monthFilterValue } from './components/month-filter';

/**
 * /reports/invoice-job-type-summary (03 section 2.7): every invoice the viewer may see, of the
 * chosen month and location, by job type and unit.
 */
export default function JobTypeSummaryReportPage() {
  const user = useSession()?.user;
  const scoped = user !== undefined && ownLocation(user) !== null;
  const { filters, setFilters } = useListParams({ location: 'id', month: 'text' });
  const month = monthFilterValue(filters.month);
  const location = scoped ? '' : filters.location;
  const summary = useJobTypeSummary({
    month: month || undefined,
    locationId: location ? Number(location) : undefined,
  });

  let body: React.ReactNode;
  if (summary.isPending) body = <Message>{INVOICE_MESSAGES.summaryLoading}</Message>;
  else if (summary.isError) {
    body = (
      <Message>
        <span className="mr-3">{INVOICE_MESSAGES.summaryFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          Retry
        </Button>
      </Message>
    );
  } else if (summary.data.length === 0) body = <Message>{INVOICE_MESSAGES.summaryEmpty}</Message>;
  else body = <JobTypeSummaryTables summary={summary.data} headingLevel={2} />;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Invoice Job Type Summary Report</h1>
          <p className="text-sm text-muted-foreground">
            Item and calculated quantities of the invoices by job type and unit.
          </p>
        </div>
        <Link to="/invoices" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Invoice List
        </Link>
      </div>
      <Card className="flex flex-col gap-3 p-4 md:flex-row">
        {scoped ? null : (
          <LocationFilter
            className="md:w-56"
            value={location}
            onChange={(value) => setFilters({ location: value })}
          />
        )}
        <MonthFilter
          className="md:w-48"
          value={month}
          onChange={(value) => setFilters({ month: value })}
        />
      </Card>
      {body}
    </div>
  );
}

function Message({ children }: { children: React.ReactNode }) {
  return <Card className="p-10 text-center text-muted-foreground">{children}</Card>;
}
