import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A polite spinner for lazy screens and pending calls. */
export const Loading = () => {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center p-4">
      <Spinner animation="border" role="status" size="sm">
        <span className="visually-hidden">{t('web.loading')}</span>
      </Spinner>
    </div>
  );
};
