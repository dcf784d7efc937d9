import {
  type CauseFigure,
  type StatementChanges as Changes,
  formatEurCents,
  formatMonth,
  LIST_SPECS,
  provideStatementChanges,
  type StatementHead,
  savedAddress,
  type TypeFigure,
  toCents,
} from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { Alert, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { useMessage } from '../../shared/useMessage.ts';
import { SettledDisputes } from '../disputes/SettledDisputes.tsx';

/** The address of a statement's lines filtered to some movement types (its lines tab, core's `mouvements` place). */
const linesAddress = (idBordereau: number, types: readonly string[], first: string | null) => {
  const search = savedAddress(
    first === null ? [] : [['first', first]],
    new URLSearchParams({ 'typeMouvement.in': types.join(',') }).toString(),
    LIST_SPECS.mouvements.address,
  );
  return `${pathTo('mouvements', { id: idBordereau })}?${search}`;
};

type Figure = Pick<CauseFigure, 'current' | 'previous' | 'change' | 'currentLines' | 'previousLines'>;

/** One amount; a link to the lines behind it when there are some. */
const Amount = ({
  amount,
  head,
  types,
  lines,
  label,
}: {
  amount: number;
  head: StatementHead | null;
  types: readonly string[];
  lines: number;
  label: string;
}) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const text = formatEurCents(toCents(amount));
  if (head === null || types.length === 0 || lines === 0) return <>{text}</>;
  return (
    <Link
      to={linesAddress(head.idBordereau, types, params.get('first'))}
      aria-label={t('insight.changes.linesOf', {
        figure: `${label} ${text}`,
        count: lines,
        month: formatMonth(head.mois),
      })}
      data-testid="changes-figure"
      data-amount={amount}
      data-types={types.join(',')}
      data-statement={head.idBordereau}
    >
      {text}
    </Link>
  );
};

const FigureRow = ({
  label,
  figure,
  types,
  changes,
}: {
  label: string;
  figure: Figure;
  types: readonly string[];
  changes: Changes;
}) => (
  <tr>
    <th scope="row" className="fw-normal">
      {label}
    </th>
    <td className="text-end">
      <Amount
        amount={figure.previous}
        head={changes.previous}
        types={types}
        lines={figure.previousLines}
        label={label}
      />
    </td>
    <td className="text-end">
      <Amount
        amount={figure.current}
        head={changes.current}
        types={types}
        lines={figure.currentLines}
        label={label}
      />
    </td>
    <td className="text-end" data-testid="changes-change">
      {formatEurCents(toCents(figure.change))}
    </td>
  </tr>
);

const Head = ({ first, changes }: { first: string; changes: Changes }) => {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="text-end">
          {formatMonth(changes.previous?.mois)}
        </th>
        <th scope="col" className="text-end">
          {formatMonth(changes.current.mois)}
        </th>
        <th scope="col" className="text-end">
          {t('insight.changes.change')}
        </th>
      </tr>
    </thead>
  );
};

const Tables = ({ changes }: { changes: Changes }) => {
  const { t } = useTranslation();
  const c = (key: string, params?: Record<string, unknown>) => t(`insight.changes.${key}`, params ?? {});
  const months = {
    previous: formatMonth(changes.previous?.mois),
    current: formatMonth(changes.current.mois),
  };
  const total = {
    previous: changes.previous?.montant ?? 0,
    current: changes.current.montant,
    change: changes.difference,
  };
  return (
    <>
      <Table
        size="sm"
        className="table-figures table-changes mb-3"
        data-testid="changes-by-cause"
        tabIndex={0}
      >
        <caption className="caption-top px-2 px-sm-0">{c('byCause', months)}</caption>
        <Head first={c('cause')} changes={changes} />
        <tbody>
          {changes.byCause.map((figure: CauseFigure) => (
            <FigureRow
              key={figure.cause}
              label={c(`causes.${figure.cause}`)}
              figure={figure}
              types={figure.typeMouvements}
              changes={changes}
            />
          ))}
          {changes.unexplained !== 0 && (
            <tr data-testid="changes-unexplained">
              <th scope="row" className="fw-normal" title={c('unexplainedNote')}>
                {c('unexplained')}
              </th>
              <td />
              <td />
              <td className="text-end">{formatEurCents(toCents(changes.unexplained))}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">{c('total')}</th>
            <td className="text-end">{formatEurCents(toCents(total.previous))}</td>
            <td className="text-end">{formatEurCents(toCents(total.current))}</td>
            <td className="text-end" data-testid="changes-difference">
              {formatEurCents(toCents(total.change))}
            </td>
          </tr>
        </tfoot>
      </Table>
      <Table
        size="sm"
        className="table-figures table-changes mb-0"
        data-testid="changes-by-type"
        tabIndex={0}
      >
        <caption className="caption-top px-2 px-sm-0">{c('byType', months)}</caption>
        <Head first={c('type')} changes={changes} />
        <tbody>
          {changes.byType.map((figure: TypeFigure) => (
            <FigureRow
              key={`${figure.typeMouvement}|${figure.libelleMouvement}`}
              label={figure.libelleMouvement ?? figure.typeMouvement ?? '—'}
              figure={figure}
              types={figure.typeMouvement === null ? [] : [figure.typeMouvement]}
              changes={changes}
            />
          ))}
        </tbody>
      </Table>
    </>
  );
};

/** "What changed since the previous statement" (docs/insight.md), over core's statementChanges machine. */
export const StatementChanges = ({ idBordereau }: { idBordereau: number }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const { runtime } = useServices();
  const logic = useMemo(() => provideStatementChanges(runtime), [runtime]);
  const actor = useActorRef(logic, { input: { idBordereau } });
  const { changes, candidates, from, error } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const selectId = useId();
  const c = (key: string) => t(`insight.changes.${key}`);
  return (
    <Card className="mt-3" as="section" aria-labelledby={`${selectId}-title`}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id={`${selectId}-title`} className="h6 mb-0 me-auto">
          {c('title')}
        </h2>
        {candidates !== null && candidates.length > 0 && (
          <Form.Group controlId={selectId} className="d-flex align-items-center gap-2">
            <Form.Label className="small mb-0 text-nowrap">{c('compareWith')}</Form.Label>
            <Form.Select
              size="sm"
              value={from === null ? '' : String(from)}
              onChange={(e) =>
                actor.send({
                  type: 'from.change',
                  from: e.target.value === '' ? null : Number(e.target.value),
                })
              }
            >
              <option value="">{c('previousDefault')}</option>
              {candidates.map((s) => (
                <option key={s.idBordereau} value={s.idBordereau}>
                  {formatMonth(s.mois)}
                  {s.typeBordereau === null ? '' : ` — ${s.typeBordereau}`}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </Card.Header>
      <Card.Body aria-busy={loading} className="px-0 px-sm-3">
        {failed && error !== null && (
          <Alert variant="danger" className="mb-0">
            {translate(error.message)}{' '}
            <Button size="sm" variant="outline-danger" onClick={() => actor.send({ type: 'retry' })}>
              {t('web.retry')}
            </Button>
          </Alert>
        )}
        {changes === null && loading && (
          <p className="mb-0" role="status">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {c('loading')}
          </p>
        )}
        {changes !== null && !failed && changes.previous === null && (
          <p className="mb-0">{c('noPrevious')}</p>
        )}
        {changes !== null && !failed && changes.previous !== null && <Tables changes={changes} />}
        <SettledDisputes idBordereau={idBordereau} />
      </Card.Body>
    </Card>
  );
};
