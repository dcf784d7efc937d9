import { useTranslation } from 'react-i18next';
import { PortfolioList } from './PortfolioList.tsx';

/** `police`: 'Votre Portefeuille'. */
const PolicyListPage = () => {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="h3">{t('web.title.police')}</h1>
      <PortfolioList kind="police" />
    </div>
  );
};

export default PolicyListPage;
