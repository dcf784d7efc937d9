import type { LoadFailure } from '@extranet/core';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../app/paths.ts';
import { Icon } from '../../shared/Icon.tsx';
import { arrowLeft, house } from '../../shared/icons.ts';
import { useMessage } from '../../shared/useMessage.ts';

/** History entries before this one in the tab (react-router keeps the index in history.state). */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/**
 * One message for a screen that could not load what its address names: a way back when a retry
 * cannot succeed (not found, not allowed), a retry when it may (server unreachable, 5xx).
 */
export const LoadFailureView = ({ failure, retry }: { failure: LoadFailure; retry: () => void }) => {
  const { t } = useTranslation();
  const translate = useMessage();
  const navigate = useNavigate();
  return (
    <Alert variant="danger" data-testid="load-failure">
      <p className="mb-2">{translate(failure.message)}</p>
      {failure.kind === 'unavailable' ? (
        <Button size="sm" variant="outline-danger" onClick={retry}>
          {t('web.retry')}
        </Button>
      ) : canGoBack() ? (
        <Button size="sm" variant="outline-danger" onClick={() => navigate(-1)}>
          <Icon shape={arrowLeft} className="me-1" />
          {t('error.back')}
        </Button>
      ) : (
        <Button size="sm" variant="outline-danger" onClick={() => navigate(pathTo('home'))}>
          <Icon shape={house} className="me-1" />
          {t('error.home')}
        </Button>
      )}
    </Alert>
  );
};
