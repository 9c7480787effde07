import type { RentalSeriesPoint } from '@stockyard/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '@/components/ui/card';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A step of the chart as people read it: 12 Jun, or Jun for a month of This Year. */
export function stepLabel(date: string, byMonth: boolean): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1] ?? '';
  return byMonth ? name : `${day} ${name}`;
}

/** Units rented out and returned per day (per month for This Year) over the period. */
export function RentalsChart({
  series,
  byMonth,
  loading,
}: {
  series: RentalSeriesPoint[];
  byMonth: boolean;
  loading: boolean;
}) {
  const points = series.map((point) => ({ ...point, label: stepLabel(point.date, byMonth) }));
  const rentedOut = series.reduce((sum, point) => sum + point.rentedOut, 0);
  const returned = series.reduce((sum, point) => sum + point.returned, 0);
  return (
    <Card className="p-4">
      <section aria-label="Rental activity">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Rental Activity</h2>
          <p className="text-sm text-muted-foreground">
            {rentedOut.toLocaleString()} items rented out, {returned.toLocaleString()} returned
          </p>
        </div>
        {loading ? (
          <div className="h-64 animate-pulse rounded bg-muted" data-testid="skeleton" />
        ) : (
          <div className="h-64" role="img" aria-label="Rental activity chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tickLine={false} fontSize={12} minTickGap={8} />
                <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
                <Tooltip />
                <Legend />
                <Bar
                  dataKey="rentedOut"
                  name="Items rented out"
                  fill="#2563eb"
                  radius={[3, 3, 0, 0]}
                />
                <Bar
                  dataKey="returned"
                  name="Items returned"
                  fill="#16a34a"
                  radius={[3, 3, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </section>
    </Card>
  );
}
