import { anomalyApi, canAccess, type FilterValue, shownByScreen } from '@extranet/core';
import { useEffect, useState } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount, useServices } from '../../app/ServicesContext.tsx';

/**
 * A mark beside a statement line or a policy that reconciliation found wrong: how many anomalies,
 * a link to the anomaly list filtered on it (`field.equals=id`), so Back returns here.
 */
export const AnomalyMark = ({
  field,
  id,
  count,
  label,
}: {
  field: 'idMouvement' | 'idPolice';
  id: number;
  count: number;
  /** What it marks, for a screen reader (the policy's number). */
  label: string;
}) => {
  const { t } = useTranslation();
  return (
    <Link
      to={`${pathTo('anomalies')}?${field}.equals=${id}`}
      className="ms-1 text-decoration-none"
      data-anomaly-mark={id}
      aria-label={`${t('anomalies.mark', { count })} — ${t('anomalies.markOf', { police: label })}`}
    >
      <Badge bg="warning" text="dark" pill>
        {t('anomalies.mark', { count })}
      </Badge>
    </Link>
  );
};

/** The API's largest page: a statement's anomalies in one request. */
const LARGEST_PAGE = 10_000;

/**
 * How many anomalies each of a filter's rows carries, by `key` (a statement's lines by
 * `idMouvement`, a policy's by `idPolice`): one request on the anomaly list's indexes, none for
 * an account that may not read anomalies. Empty until it answers, and on a failure (the marks
 * are a help; the list or detail under them stays).
 */
export const useAnomalyCounts = (
  field: 'idBordereau' | 'idPolice',
  id: number | null,
  key: 'idMouvement' | 'idPolice',
): ReadonlyMap<number, number> => {
  const { runtime } = useServices();
  const allowed = canAccess(useAccount(), 'anomalies');
  const [counts, setCounts] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (!allowed || id === null) return;
    const controller = new AbortController();
    const filter: FilterValue = { op: 'equals', value: String(id) };
    const query = {
      filters: { [field]: filter },
      q: '',
      preset: null,
      sort: [{ field: 'id', dir: 'asc' as const }],
      page: 0,
      size: LARGEST_PAGE,
    };
    runtime.run(shownByScreen(anomalyApi.list(query)), controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        const next = new Map<number, number>();
        for (const anomaly of page.items) {
          const at = anomaly[key];
          if (at !== null) next.set(at, (next.get(at) ?? 0) + 1);
        }
        setCounts(next);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [runtime, allowed, field, id, key]);
  return counts;
};
