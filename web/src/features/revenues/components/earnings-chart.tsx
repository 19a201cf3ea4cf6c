import { formatAmount, formatFcfa } from '#shared/money';
import { type EarningsPoint } from '#shared/payments-schemas';
import { Box } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Earnings over the period (recharts; fetched with this component only). */
export default function EarningsChart({ points }: { points: EarningsPoint[] }) {
  return (
    <Box height="220px" width="full" aria-label="Revenus reçus sur la période" role="img">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis tick={{ fontSize: 11 }} width={56} tickFormatter={(value: number) => formatAmount(value)} />
          <Tooltip formatter={(value) => [formatFcfa(Number(value)), 'Reçu']} />
          <Bar dataKey="received" fill="#ea580c" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
