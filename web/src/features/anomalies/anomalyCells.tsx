import { type Anomaly, canAccess } from '@extranet/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';

/**
 * An anomaly's cells where they differ from the field's display rule: the rule by its name, the
 * sentence in the UI's language, the policy as a link to it (for accounts that may open it).
 */
export const useAnomalyCells = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const linked = canAccess(account, 'policeDetail');
  const english = i18n.language.startsWith('en');
  return useCallback(
    (field: string, row: Anomaly) => {
      switch (field) {
        case 'regle':
          return t(`anomalies.rules.${row.regle}`);
        case 'explication': {
          // A sentence cut by its column shows whole on hover.
          const sentence = english ? row.explanation : row.explication;
          return <span title={sentence ?? undefined}>{sentence}</span>;
        }
        case 'police':
          return linked ? (
            <Link to={pathTo('policeDetail', { id: row.idPolice })}>{row.police ?? row.idPolice}</Link>
          ) : undefined;
        default:
          return undefined;
      }
    },
    [t, english, linked],
  );
};
