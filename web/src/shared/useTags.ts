import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

type Flags<T extends string> = Readonly<Record<T, boolean>>;

const same = <T extends string>(a: Flags<T>, b: Flags<T>) =>
  (Object.keys(a) as T[]).every((tag) => a[tag] === b[tag]);

/**
 * Whether the actor's state carries each of `tags`: a component renders from tags, not state
 * paths, and re-renders only when one of them changes (not at every snapshot).
 */
export const useTags = <const T extends string>(actor: AnyActorRef, tags: readonly T[]): Flags<T> =>
  useSelector(
    actor,
    (snapshot: { hasTag(tag: string): boolean }) =>
      Object.fromEntries(tags.map((tag) => [tag, snapshot.hasTag(tag)])) as Flags<T>,
    same,
  );

/** The actor's context, the slice of state a form renders its fields and messages from. */
export const useActorContext = <TActor extends AnyActorRef>(actor: TActor) =>
  useSelector(actor, (snapshot) => snapshot.context);
