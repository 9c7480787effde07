import { MONTH_PATTERN } from '@stockyard/shared';
import { Input } from '@/components/ui/input';
import { currentMonth } from '../invoice-form';

/** The URL's word for "every month" (the picker cleared); no month in the URL is this month. */
const ALL_MONTHS = 'all';

/**
 * The month a list or report shows, from its URL parameter: this year-month by default, a yyyy-MM
 * as given, '' for every month.
 */
export function monthFilterValue(param: string): string {
  if (param === ALL_MONTHS) return '';
  return MONTH_PATTERN.test(param) ? param : currentMonth();
}

/** The month picker; it hands on the URL parameter for what is chosen. */
export function MonthFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (param: string) => void;
  className?: string;
}) {
  return (
    <Input
      type="month"
      aria-label="Filter by month"
      className={className}
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        // This month is the default and stays out of the URL.
        onChange(next === '' ? ALL_MONTHS : next === currentMonth() ? '' : next);
      }}
    />
  );
}
