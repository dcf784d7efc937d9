import { isForecast } from '@extranet/core/domain/forecast.ts';
import { IdBordereau, parseKey } from '@extranet/core/domain/ids.ts';
import type { CommissionStatement } from '@extranet/core/domain/statement.ts';
import { monthRange as calendarMonth } from '@extranet/core/format/dates.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';

/** A statement id from the command line: a positive integer, else a usage error. */
export const statementId = (value: string, deps: Pick<Deps, 't'>): IdBordereau => {
  const id = parseKey(IdBordereau, value);
  if (id === null || id < 1) throw usageError(deps.t('cli.statements.badId', { value }));
  return id;
};

/** `YYYY-MM` → the first and last day of that month; anything else is a usage error. */
const monthRange = (value: string, deps: Pick<Deps, 't'>): { gte: string; lte: string } => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw usageError(deps.t('cli.statements.badMonth', { value }));
  return calendarMonth(value);
};

/** One statement, a 404 (unknown or outside the caller's scope) said plainly. */
export const getStatement = async (id: IdBordereau, deps: Pick<Deps, 'api' | 't'>) => {
  const [client, { statementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entitiesApi.ts'),
  ]);
  return client.call(statementApi.get(id), { notFound: deps.t('cli.statements.notFound', { id }) });
};

/** The statements of a month, forecasts left out (they are not paid, docs/product.md §4). */
export const statementsOfMonth = async (
  month: string,
  deps: Pick<Deps, 'api' | 't'>,
): Promise<CommissionStatement[]> => {
  const range = monthRange(month, deps);
  const [client, { statementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/entitiesApi.ts'),
  ]);
  const page = await client.call(
    statementApi.list({
      filters: { mois: { op: 'range', ...range } },
      q: '',
      preset: null,
      sort: [{ field: 'idBordereau', dir: 'asc' }],
      page: 0,
      size: 1000,
    }),
  );
  const paid = page.items.filter((s) => !isForecast(s));
  if (paid.length === 0)
    throw new CliError(deps.t('cli.statements.noneForMonth', { month }), ExitCode.failure);
  return paid;
};
