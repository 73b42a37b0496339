import {
  AreaSeries,
  BarSeries,
  BaselineSeries,
  CandlestickSeries,
  ColorType,
  HistogramSeries,
  LineStyle,
  createChart,
  createOptionsChart,
  LineSeries,
  type IChartApiBase,
  type ISeriesApi,
  type SeriesType,
} from 'lightweight-charts';
import { memo, useEffect, useRef } from 'react';
import { heikinAshi, tailChangeFrom, type Bar, type ChartType } from '../lib/candles';
import {
  BOLL_PERIOD,
  BOLL_WIDTH,
  bollingerBands,
  EMA_PERIOD,
  exponentialAverage,
  INDICATOR_COLORS,
  MA_PERIOD,
  movingAverage,
  type Indicator,
} from '../lib/indicators';
import type { GroupedLevel } from '../lib/order-book';

export interface ChartColors {
  buy: string;
  sell: string;
  text: string;
  grid: string;
}

interface Props {
  type: ChartType;
  bars: readonly Bar[];
  bids: readonly GroupedLevel[];
  asks: readonly GroupedLevel[];
  colors: ChartColors;
  /** Volume bars and overlays to draw (not on the depth chart). */
  indicators?: readonly Indicator[];
}

interface Overlays {
  volume?: ISeriesApi<'Histogram', number>;
  ma?: ISeriesApi<'Line', number>;
  ema?: ISeriesApi<'Line', number>;
  boll?: [ISeriesApi<'Line', number>, ISeriesApi<'Line', number>, ISeriesApi<'Line', number>];
}

/** The chart: lightweight-charts, loaded with this chunk only when the trading page shows it. */
function ChartPanel({ type, bars, bids, asks, colors, indicators = [] }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApiBase<number> | null>(null);
  const seriesRef = useRef<ISeriesApi<SeriesType, number>[]>([]);
  const overlaysRef = useRef<Overlays>({});
  /** The bars the chart shows now (null after it is made afresh). */
  const drawnRef = useRef<readonly Bar[] | null>(null);
  const isDepth = type === 'depth';
  const shown = isDepth ? '' : indicators.join(' ');

  // One chart per type and palette; data is set by the effect below.
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const layout = {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: colors.text,
    };
    const grid = { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } };
    const chart = (isDepth
      ? createOptionsChart(el, { autoSize: true, layout, grid })
      : createChart(el, {
          autoSize: true,
          layout,
          grid,
          timeScale: { timeVisible: true, secondsVisible: false, rightOffset: 6 },
        })) as unknown as IChartApiBase<number>;
    const up = colors.buy;
    const down = colors.sell;
    let series: ISeriesApi<SeriesType, number>[];
    switch (type) {
      case 'candles':
      case 'heikinAshi':
        series = [
          chart.addSeries(CandlestickSeries, {
            upColor: up,
            downColor: down,
            borderUpColor: up,
            borderDownColor: down,
            wickUpColor: up,
            wickDownColor: down,
          }),
        ];
        break;
      case 'hollow':
        series = [
          chart.addSeries(CandlestickSeries, {
            upColor: 'rgba(0,0,0,0)',
            downColor: down,
            borderUpColor: up,
            borderDownColor: down,
            wickUpColor: up,
            wickDownColor: down,
          }),
        ];
        break;
      case 'bars':
        series = [chart.addSeries(BarSeries, { upColor: up, downColor: down })];
        break;
      case 'line':
        series = [chart.addSeries(LineSeries, { color: up, lineWidth: 2 })];
        break;
      case 'baseline':
        series = [
          chart.addSeries(BaselineSeries, {
            topLineColor: up,
            bottomLineColor: down,
            topFillColor1: `${up}55`,
            topFillColor2: `${up}05`,
            bottomFillColor1: `${down}05`,
            bottomFillColor2: `${down}55`,
          }),
        ];
        break;
      case 'depth':
        series = [
          chart.addSeries(AreaSeries, {
            lineColor: up,
            topColor: `${up}66`,
            bottomColor: `${up}10`,
            lineType: 1,
          }),
          chart.addSeries(AreaSeries, {
            lineColor: down,
            topColor: `${down}66`,
            bottomColor: `${down}10`,
            lineType: 1,
          }),
        ];
        break;
    }
    // Overlays go on the price's scale, without their own price labels; the volume has a scale
    // of its own in the chart's lowest fifth, and the price keeps clear of it.
    const on = new Set(shown.split(' '));
    const overlays: Overlays = {};
    const line = (color: string, style: LineStyle = LineStyle.Solid) =>
      chart.addSeries(LineSeries, {
        color,
        lineWidth: 1,
        lineStyle: style,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      });
    if (on.has('volume')) {
      overlays.volume = chart.addSeries(HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        priceLineVisible: false,
        lastValueVisible: false,
      });
      chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      series[0]?.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
    }
    if (on.has('ma')) overlays.ma = line(INDICATOR_COLORS.ma);
    if (on.has('ema')) overlays.ema = line(INDICATOR_COLORS.ema);
    if (on.has('boll'))
      overlays.boll = [
        line(INDICATOR_COLORS.boll),
        line(INDICATOR_COLORS.boll, LineStyle.Dashed),
        line(INDICATOR_COLORS.boll),
      ];
    chartRef.current = chart;
    seriesRef.current = series;
    drawnRef.current = null;
    overlaysRef.current = overlays;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = [];
      overlaysRef.current = {};
    };
  }, [type, isDepth, shown, colors.buy, colors.sell, colors.text, colors.grid]);

  // The depth chart follows the book (and is drawn again with a new palette's chart); the others
  // only their bars: the book changes many times a second, and setting every series' data again
  // each time cost the page its frame rate.
  useEffect(() => {
    const series = seriesRef.current;
    if (!isDepth || series.length === 0) return;
    const bidData = [...bids]
      .reverse()
      .map((l) => ({ time: Number(l.price), value: Number(l.cumulative) }));
    const askData = asks.map((l) => ({ time: Number(l.price), value: Number(l.cumulative) }));
    series[0]?.setData(dedupe(bidData));
    series[1]?.setData(dedupe(askData));
    chartRef.current?.timeScale().fitContent();
  }, [isDepth, bids, asks, colors.buy, colors.sell, colors.text, colors.grid]);

  useEffect(() => {
    const series = seriesRef.current;
    if (isDepth || series.length === 0) return;
    // A push moves the forming bar (or starts the next): only those points are updated, which
    // costs the chart a fraction of setting every series' data again. Anything else redraws.
    const from = tailChangeFrom(drawnRef.current, bars);
    drawnRef.current = bars;
    const put = <P extends { time: number }>(s: ISeriesApi<SeriesType, number>, data: P[]) => {
      if (from === null) {
        s.setData(data);
        return;
      }
      let i = data.length;
      while (i > 0 && data[i - 1]!.time >= from) i -= 1;
      for (; i < data.length; i += 1) s.update(data[i] as never);
    };
    const main = series[0];
    if (!main) return;
    const source = type === 'heikinAshi' ? heikinAshi(bars) : bars;
    if (type === 'line' || type === 'baseline') {
      put(
        main,
        source.map((b) => ({ time: b.time, value: b.close })),
      );
      if (type === 'baseline' && source[0] && from === null)
        main.applyOptions({ baseValue: { type: 'price', price: source[0].close } });
    } else {
      put(
        main,
        source.map((b) => ({
          time: b.time,
          open: b.open,
          high: b.high,
          low: b.low,
          close: b.close,
        })),
      );
    }
    // The overlays follow the traded bars, Heikin Ashi or not; the volume is coloured by the
    // bar's direction in the chart's own colours.
    const overlays = overlaysRef.current;
    if (overlays.volume)
      put(
        overlays.volume,
        bars.map((b) => ({
          time: b.time,
          value: b.volume,
          color: `${b.close >= b.open ? colors.buy : colors.sell}80`,
        })),
      );
    if (overlays.ma) put(overlays.ma, movingAverage(bars, MA_PERIOD));
    if (overlays.ema) put(overlays.ema, exponentialAverage(bars, EMA_PERIOD));
    if (overlays.boll) {
      const bands = bollingerBands(bars, BOLL_PERIOD, BOLL_WIDTH);
      put(overlays.boll[0], bands.upper);
      put(overlays.boll[1], bands.middle);
      put(overlays.boll[2], bands.lower);
    }
  }, [type, isDepth, shown, bars, colors.buy, colors.sell]);

  return (
    <div
      ref={host}
      className="chart-panel__canvas"
      data-testid="chart"
      data-chart-type={type}
      data-indicators={shown}
    />
  );
}

function dedupe(points: { time: number; value: number }[]) {
  const out: { time: number; value: number }[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.time)) continue;
    const last = out[out.length - 1];
    if (last && p.time <= last.time) continue;
    out.push(p);
  }
  return out;
}

/** Memoised: it redraws when its data changes, not when the screen around it does. */
export default memo(ChartPanel);
