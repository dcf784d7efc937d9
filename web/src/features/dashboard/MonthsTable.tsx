import { type Dashboard, formatEurCents, formatMonth, sumCents, toCents } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from './ScrollTable.tsx';

type Months = NonNullable<Dashboard['months']>;

/** The chart's figures as a table: one row per month, totals added in cents. */
export const MonthsTable = ({ months }: { months: Months }) => {
  const { t } = useTranslation();
  const m = (key: string) => t(`insight.dashboard.months.${key}`);
  return (
    <ScrollTable label={m('title')}>
      <thead>
        <tr>
          <th scope="col">{m('month')}</th>
          <th scope="col" className="text-end">
            {m('paid')}
          </th>
          <th scope="col" className="text-end">
            {m('forecast')}
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.mois}>
            <th scope="row" className="fw-normal">
              {formatMonth(month.mois)}
            </th>
            <td className="text-end">{formatEurCents(toCents(month.paid))}</td>
            <td className="text-end">{formatEurCents(toCents(month.forecast))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="fw-semibold">
          <th scope="row">{m('total')}</th>
          <td className="text-end" data-testid="months-paid-total">
            {formatEurCents(sumCents(months.map((month) => month.paid)))}
          </td>
          <td className="text-end">{formatEurCents(sumCents(months.map((month) => month.forecast)))}</td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
};
