import type { MessageRef } from '@extranet/core';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { RichMessage } from './formFlow.tsx';

/**
 * What an identity card shows when a call failed: the message, and a retry when its machine is
 * in `failed` (the load itself failed; a refused action only says why).
 */
export const CardFailure = ({
  error,
  failed,
  retry,
  testId,
}: {
  readonly error: MessageRef | null;
  readonly failed: boolean;
  readonly retry: () => void;
  readonly testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && (
        <Alert variant="danger" data-testid={testId}>
          <RichMessage message={error} />
        </Alert>
      )}
      {failed && (
        <Button variant="secondary" onClick={retry}>
          {t('settings.sessions.retry')}
        </Button>
      )}
    </>
  );
};
