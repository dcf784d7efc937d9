import { type ListQueryInput, type ListSpec, provideList } from '@extranet/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useServices } from '../app/ServicesContext.tsx';
import { saveFile } from './saveFile.ts';

/**
 * One list screen's machine (core's listQuery wired to the API): components read its context
 * and tags and send its events (`filter.change`, `page.change`, `sort.change`, ...).
 */
export const useList = (id: ListSpec['id'], input: ListQueryInput, idBordereau?: number) => {
  const { runtime } = useServices();
  const logic = useMemo(
    () =>
      provideList(
        runtime,
        id,
        idBordereau === undefined ? { save: saveFile } : { save: saveFile, idBordereau },
      ),
    [runtime, id, idBordereau],
  );
  const actor = useActorRef(logic, { input });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const exporting = useSelector(actor, (s) => s.hasTag('exporting'));
  return { actor, send: actor.send, context, loading, failed, exporting };
};
