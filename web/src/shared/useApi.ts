import type { ApiEffect, MessageRef } from '@extranet/core';
import { errorMessage, isApiError, message } from '@extranet/core';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { useServices } from '../app/ServicesContext.tsx';

export type ApiState<A> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: A }
  | { readonly status: 'failure'; readonly error: MessageRef };

/**
 * Loads one read-only resource for a screen (a detail, a management page). Leaving the screen or
 * a new load aborts the request in flight. Screens with rules use core's machines instead.
 */
export const useApi = <A, E>(make: () => ApiEffect<A, E>, deps: DependencyList) => {
  const { runtime } = useServices();
  const [state, setState] = useState<ApiState<A>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the effect depends on
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    runtime.run(make(), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failure',
          error: isApiError(error) ? errorMessage(error) : message('error.unexpected'),
        });
      },
    );
    return () => controller.abort();
  }, [runtime, round, ...deps]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
};
