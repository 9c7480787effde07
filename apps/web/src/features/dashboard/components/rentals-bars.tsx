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

/**
 * The bars of the Rental Activity card: recharts is most of the dashboard's code, so it loads
 * after the page's frame and figures have painted, in its own chunk.
 */
export default function RentalsBars({ points }: { points: { label: string }[] }) {
  return (
    <div className="h-64" role="img" aria-label="Rental activity chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} minTickGap={8} />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip />
          <Legend />
          {/* Drawn at once: the bars' growing animation would re-render the chart on every frame
              for over a second after it loaded. */}
          <Bar
            dataKey="rentedOut"
            name="Items rented out"
            fill="#2563eb"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="returned"
            name="Items returned"
            fill="#16a34a"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
