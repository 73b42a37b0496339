import { QUERY_HISTORY_MONTHS } from '@exchange/contracts';

/**
 * The filter bar's pieces that every history with a date window shares (fiat, foreign exchange,
 * flash remittance): the window's days, the times a range of days covers, a select and a date.
 */
const DAY = 86_400_000;

/** The earliest day a history reaches: QUERY_HISTORY_MONTHS back, the day after. */
export function earliestDay(): string {
  const d = new Date();
  d.setMonth(d.getMonth() - QUERY_HISTORY_MONTHS);
  d.setDate(d.getDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const today = () => new Date().toISOString().slice(0, 10);

/** From the first instant of `from` (never before the window) to the last of `to`, local time. */
export function rangeTimes(from: string, to: string): { startTime: number; endTime: number } {
  return {
    startTime: Math.max(new Date(`${from}T00:00:00`).getTime(), Date.parse(earliestDay())),
    endTime: new Date(`${to}T00:00:00`).getTime() + DAY - 1,
  };
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DateField(props: {
  label: string;
  value: string;
  min: string;
  max: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        className="field__input"
        type="date"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
    </label>
  );
}
