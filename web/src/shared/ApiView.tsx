import type { ReactNode } from 'react';
import { LoadFailureView } from '../features/errors/LoadFailureView.tsx';
import { Loading } from './Loading.tsx';
import type { ApiState } from './useApi.ts';

/** Spinner, the load failure (retry or a way back), or the content of a loaded resource. */
export const ApiView = <A,>({
  state,
  reload,
  children,
}: {
  state: ApiState<A>;
  reload: () => void;
  children: (data: A) => ReactNode;
}) => {
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'failure') return <LoadFailureView failure={state.failure} retry={reload} />;
  return children(state.data);
};
