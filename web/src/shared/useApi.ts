import type { ApiEffect, LoadFailure } from '@extranet/core';
import { loadFailure, shownByScreen } from '@extranet/core';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { useServices } from '../app/ServicesContext.tsx';

export type ApiState<A> =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: A }
  | { readonly status: 'failure'; readonly failure: LoadFailure };

/**
 * Loads one read-only resource for a screen (a detail, a management page). Leaving the screen or
 * a new load aborts the request in flight. Screens with rules use core's machines instead.
 * A missing or refused resource is the screen's to say (`ApiView`), not the alert area's.
 */
export const useApi = <A, E>(make: () => ApiEffect<A, E>, deps: DependencyList) => {
  const { runtime } = useServices();
  const [state, setState] = useState<ApiState<A>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the effect depends on
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    runtime.run(shownByScreen(make()), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failure', failure: loadFailure(error) });
      },
    );
    return () => controller.abort();
  }, [runtime, round, ...deps]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
};
