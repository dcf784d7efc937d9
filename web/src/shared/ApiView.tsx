import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from './Loading.tsx';
import type { ApiState } from './useApi.ts';
import { useMessage } from './useMessage.ts';

/** Spinner, error with retry, or the content of a loaded resource. */
export const ApiView = <A,>({
  state,
  reload,
  children,
}: {
  state: ApiState<A>;
  reload: () => void;
  children: (data: A) => ReactNode;
}) => {
  const { t } = useTranslation();
  const translate = useMessage();
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failure') {
    return (
      <Alert variant="danger">
        {translate(state.error)}{' '}
        <Button size="sm" variant="outline-danger" onClick={reload}>
          {t('web.retry')}
        </Button>
      </Alert>
    );
  }
  return children(state.data);
};
