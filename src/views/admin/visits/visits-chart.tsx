import { periodLabel, shortPeriodLabel, type VisitPeriod } from '../../../../src-core/domain/visits';

const WIDTH = 480;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 28;
const LEFT = 8;

/** The largest figure rounded up to a number that reads well on the scale: 47 to 50, 1,230 to 1,500. */
function scaleTop(largest: number): number {
  if (largest <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(largest));
  const nice = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((each) => each * step >= largest) ?? 10;
  return nice * step;
}

/**
 * Page views and downloads as bars, drawn here without a chart library. The picture is for the
 * eye only (aria-hidden): the table beside it holds the same figures for everyone, and says more.
 * `everyLabel`: how many bars share one label under them, so the labels never crowd on a phone.
 */
export function VisitsChart({ periods, everyLabel }: { readonly periods: readonly VisitPeriod[]; readonly everyLabel: number }) {
  const top = scaleTop(Math.max(0, ...periods.map((period) => Math.max(period.pageViews, period.downloads))));
  const slot = (WIDTH - LEFT) / Math.max(periods.length, 1);
  const bar = Math.max(1, slot * 0.38);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const heightOf = (value: number) => (value / top) * plotHeight;
  return (
    <svg className="visits-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <line className="visits-chart__axis" x1={LEFT} x2={WIDTH} y1={TOP} y2={TOP} />
      <text className="visits-chart__scale" x={LEFT} y={TOP - 8}>
        {top.toLocaleString('en-IE')}
      </text>
      <line className="visits-chart__axis" x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
      {periods.map((period, index) => {
        const x = LEFT + index * slot + slot * 0.1;
        return (
          <g key={period.period}>
            <rect
              className="visits-chart__views"
              x={x}
              y={HEIGHT - BOTTOM - heightOf(period.pageViews)}
              width={bar}
              height={heightOf(period.pageViews)}
            >
              <title>{`${periodLabel(period.period)}: ${period.pageViews} page views`}</title>
            </rect>
            <rect
              className="visits-chart__downloads"
              x={x + bar}
              y={HEIGHT - BOTTOM - heightOf(period.downloads)}
              width={bar}
              height={heightOf(period.downloads)}
            />
            {(periods.length - 1 - index) % everyLabel === 0 && (
              <text className="visits-chart__label" x={x + bar} y={HEIGHT - 8} textAnchor="middle">
                {shortPeriodLabel(period.period)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
