import { canAccess, type DisputeReason, type DisputeSource } from '@extranet/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { useAccount } from '../../app/ServicesContext.tsx';

/** "Contester": opens the dispute form on an anomaly, a statement line, a statement or a policy. */
export const ContestLink = ({
  source,
  id,
  amount,
  reason,
  label,
}: {
  source: DisputeSource;
  id: number;
  amount?: number;
  reason?: DisputeReason;
  /** What it contests, for a screen reader where many links sit side by side (a statement's lines). */
  label?: string;
}) => {
  const { t } = useTranslation();
  const account = useAccount();
  if (!canAccess(account, 'disputeNew')) return null;
  const query = new URLSearchParams({
    source,
    id: String(id),
    ...(amount === undefined ? {} : { amount: String(amount) }),
    ...(reason === undefined ? {} : { reason }),
  });
  return (
    <Link
      className={label === undefined ? 'btn btn-sm btn-outline-danger' : 'ms-2 link-danger small'}
      to={`${pathTo('disputeNew')}?${query}`}
      {...(label === undefined
        ? {}
        : { 'aria-label': `${t('disputes.open')} — ${label}`, 'data-contest-line': id })}
    >
      {t('disputes.open')}
    </Link>
  );
};
