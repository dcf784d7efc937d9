import { anomalyApi, type FilterChoice, insuredApi, policeApi, statementApi } from '@extranet/core';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext.tsx';

const CHOICE_APIS = {
  police: policeApi,
  assures: insuredApi,
  commission: statementApi,
  anomalies: anomalyApi,
};

/** The lists whose multi-select filters the server fills: the portfolio, the insured, the statements, the anomalies. */
export type ChoiceList = keyof typeof CHOICE_APIS;

/**
 * The choices of one multi-select filter, read from the server (only the caller's own values),
 * once `enabled`: the lists ask only when 'Plus de filtres...' is first opened, so showing a list
 * costs no extra queries. Null until they arrive; a failure leaves it null (the app's alert area
 * already shows the error) and the filter keeps its selected values.
 */
export const useFilterChoices = (
  kind: ChoiceList,
  field: string,
  enabled: boolean,
): readonly FilterChoice[] | null => {
  const { runtime } = useServices();
  const [choices, setChoices] = useState<readonly FilterChoice[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    runtime.run(CHOICE_APIS[kind].distinct(field), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setChoices(data);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [runtime, kind, field, enabled]);
  return choices;
};
