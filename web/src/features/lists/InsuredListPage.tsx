import { useTranslation } from 'react-i18next';
import { PortfolioList } from './PortfolioList.tsx';

/** `police-assure`: 'Vos assurés'. */
const InsuredListPage = () => {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="h3">{t('web.title.policeAssure')}</h1>
      <PortfolioList kind="assures" />
    </div>
  );
};

export default InsuredListPage;
