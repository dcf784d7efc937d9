import { notFound, parseKey } from '@extranet/core';
import type { Schema } from 'effect';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { LoadFailureView } from '../features/errors/LoadFailureView.tsx';

/**
 * A screen whose address names a business key (`IdPolice`, …): its content gets the branded
 * key; an address whose key cannot exist (`/police/abc`) says "Introuvable" without a request.
 */
export const RouteKey = <A,>({
  schema,
  text,
  children,
}: {
  readonly schema: Schema.Schema<A, number>;
  readonly text: string | null | undefined;
  readonly children: (key: A) => ReactNode;
}) => {
  const key = parseKey(schema, text);
  return key === null ? <LoadFailureView failure={notFound} retry={() => undefined} /> : children(key);
};

/** The page of an address `…/{id}…` whose id is a business key: `render` gets the branded key. */
export const keyedPage =
  <A,>(schema: Schema.Schema<A, number>, render: (key: A) => ReactNode) =>
  () => (
    <RouteKey schema={schema} text={useParams().id}>
      {render}
    </RouteKey>
  );
