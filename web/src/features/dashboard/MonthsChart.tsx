import type { Dashboard } from '@extranet/core';
import { formatMonth } from '@extranet/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Months = NonNullable<Dashboard['months']>;

/**
 * Paid and forecast commissions per month as a bar chart. Chart.js is imported here, when the
 * chart mounts, so only the dashboard loads it; the table beneath says the same for screen readers.
 */
export const MonthsChart = ({ months }: { months: Months }) => {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    import('chart.js').then(
      ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
        if (cancelled || canvas.current === null) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: months.map((m) => formatMonth(m.mois)),
            datasets: [
              {
                label: t('insight.dashboard.months.paid'),
                data: months.map((m) => m.paid),
                backgroundColor: '#0d6efd',
              },
              {
                label: t('insight.dashboard.months.forecast'),
                data: months.map((m) => m.forecast),
                backgroundColor: '#adb5bd',
              },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: { x: { stacked: true }, y: { stacked: true } },
            locale: i18n.language === 'en' ? 'en-GB' : 'fr-FR',
          },
        });
        setReady(true);
        destroy = () => chart.destroy();
      },
    );
    return () => {
      cancelled = true;
      destroy();
    };
  }, [months, t, i18n.language]);
  return (
    <div className="position-relative" style={{ height: 260 }}>
      {!ready && <p className="text-muted small">{t('insight.dashboard.months.loadingChart')}</p>}
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('insight.dashboard.months.chart')}
        data-testid="months-chart"
      />
    </div>
  );
};
