import { moveTone } from '../lib/ticker';
import './sparkline.css';

/** The polyline's points for `values` in a 100 x 30 box (2 px margin top and bottom). */
export function sparklinePoints(values: readonly number[]): string {
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  return values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * 100).toFixed(1)},${(28 - ((v - min) / span) * 24).toFixed(1)}`,
    )
    .join(' ');
}

/**
 * A small line of recent closes, coloured by the move's direction under the redUp setting;
 * an empty placeholder until there are two closes.
 */
export function Sparkline({
  values,
  direction,
  redUp,
  className = '',
}: {
  values: readonly number[];
  direction: 'up' | 'down' | 'flat';
  redUp: boolean;
  className?: string;
}) {
  if (values.length < 2)
    return <span className={`sparkline sparkline--empty ${className}`} aria-hidden="true" />;
  return (
    <svg
      className={`sparkline sparkline--${moveTone(direction, redUp)} ${className}`}
      data-testid="sparkline"
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={sparklinePoints(values)} />
    </svg>
  );
}
