import { useTranslation } from 'react-i18next';
import { useAccount } from '../../app/ServicesContext.tsx';

/** The signed-in home: who is signed in, their brand, then recent events (spec §2 "Timeline"). */
const TimelinePage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  if (account === null) return null;
  return (
    <div>
      <h1 className="h3">{t('timeline.title')}</h1>
      <p className="mb-1" data-testid="account-login">
        {t('timeline.account', { login: account.login })}
      </p>
      {account.marque !== null && (
        <p data-testid="account-marque">{t('timeline.marque', { marque: account.marque })}</p>
      )}
      <h2 className="h5 mt-4">{t('timeline.recentEvents')}</h2>
    </div>
  );
};

export default TimelinePage;
