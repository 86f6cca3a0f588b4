import '@mantine/charts/styles.css';
import { LineChart, type LineChartProps } from '@mantine/charts';

/** The dashboard's trend line; its own module so the chart packages load after the numbers (see manager-dashboard.tsx). */
export default function TrendChart(props: LineChartProps) {
  return <LineChart {...props} />;
}
