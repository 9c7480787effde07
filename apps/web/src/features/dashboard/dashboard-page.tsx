import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
} from '@stockyard/shared';
import { useState } from 'react';
import { Select } from '@/components/ui/input';

export default function DashboardPage() {
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <Select
          aria-label="Period"
          className="w-40"
          value={period}
          onChange={(event) => setPeriod(event.target.value as DashboardPeriod)}
        >
          {DASHBOARD_PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
