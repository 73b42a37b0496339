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
import { useEffect, useRef } from 'react';
import { heikinAshi, type Bar, type ChartType } from '../lib/candles';
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
export default function ChartPanel({ type, bars, bids, asks, colors, indicators = [] }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApiBase<number> | null>(null);
  const seriesRef = useRef<ISeriesApi<SeriesType, number>[]>([]);
  const overlaysRef = useRef<Overlays>({});
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
    const source = type === 'heikinAshi' ? heikinAshi(bars) : bars;
    const time = (b: Bar) => b.time;
    if (type === 'line' || type === 'baseline') {
      series[0]?.setData(source.map((b) => ({ time: time(b), value: b.close })));
      if (type === 'baseline' && source[0])
        series[0]?.applyOptions({ baseValue: { type: 'price', price: source[0].close } });
    } else {
      series[0]?.setData(
        source.map((b) => ({
          time: time(b),
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
    overlays.volume?.setData(
      bars.map((b) => ({
        time: b.time,
        value: b.volume,
        color: `${b.close >= b.open ? colors.buy : colors.sell}80`,
      })),
    );
    overlays.ma?.setData(movingAverage(bars, MA_PERIOD));
    overlays.ema?.setData(exponentialAverage(bars, EMA_PERIOD));
    if (overlays.boll) {
      const bands = bollingerBands(bars, BOLL_PERIOD, BOLL_WIDTH);
      overlays.boll[0].setData(bands.upper);
      overlays.boll[1].setData(bands.middle);
      overlays.boll[2].setData(bands.lower);
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
