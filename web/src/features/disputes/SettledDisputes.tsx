import { CONTRACT, call, canAccess, formatEur } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';
import { useApi } from '../../shared/useApi.ts';

/** In a statement's "what changed": the disputes whose accepted correction this statement carried. */
const Settled = ({ idBordereau }: { idBordereau: number }) => {
  const { t } = useTranslation();
  const { state } = useApi(
    () => call(CONTRACT.disputes.list, { query: { settledBy: String(idBordereau), size: '50' } }),
    [idBordereau],
  );
  // Nothing to say while loading, on none, or when the list cannot be read: the figures stand alone.
  if (state.status !== 'ready' || state.data.length === 0) return null;
  return (
    <p className="mb-0 mt-2 px-2 px-sm-0 small" data-testid="settled-disputes">
      {t('disputes.settledHere', { count: state.data.length })}{' '}
      {state.data.map((dispute, i) => (
        <span key={dispute.id}>
          {i > 0 && ', '}
          <Link to={pathTo('disputeDetail', { id: dispute.id })}>
            {t('disputes.settledItem', { id: dispute.id, amount: formatEur(dispute.amountClaimed) })}
          </Link>
        </span>
      ))}
    </p>
  );
};

export const SettledDisputes = ({ idBordereau }: { idBordereau: number }) => {
  const account = useAccount();
  return canAccess(account, 'disputes') ? <Settled idBordereau={idBordereau} /> : null;
};
