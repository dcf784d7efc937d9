import { Effect } from 'effect';
import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { identityAdminApi } from '../api/sessionApi.ts';
import { userApi } from '../api/userApi.ts';
import { call } from '../contract/client.ts';
import { sessions } from '../contract/sessions.ts';
import { sessionsMachine } from '../machines/sessions.machine.ts';
import { type TwoFactorPolicy, twoFactorPolicyMachine } from '../machines/twoFactorPolicy.machine.ts';
import { userTwoFactorMachine } from '../machines/userTwoFactor.machine.ts';
import { effectActor } from './effectActor.ts';

/** The settings' sessions card: the caller's own; "end the others" keeps the one in use. */
export const provideSessions = (runtime: ApiRuntime) =>
  sessionsMachine.provide({
    actors: {
      loadSessions: effectActor(runtime, () => shownByForm(call(sessions.list, {}))),
      endSession: effectActor(runtime, (id: number) => shownByForm(call(sessions.end, { params: { id } }))),
      endOthers: effectActor(runtime, () => shownByForm(call(sessions.endOthers, {}))),
    },
  });

/** An administrator's view of a user's sessions: ending ends them all (docs/security.md). */
export const provideUserSessions = (runtime: ApiRuntime, login: string) =>
  sessionsMachine.provide({
    actors: {
      loadSessions: effectActor(runtime, () => shownByForm(call(sessions.ofUser, { params: { login } }))),
      endOthers: effectActor(runtime, () => shownByForm(call(sessions.endOfUser, { params: { login } }))),
    },
  });

/** A user's second factor on the user detail screen: its state and the reset. */
export const provideUserTwoFactor = (runtime: ApiRuntime, login: string) =>
  userTwoFactorMachine.provide({
    actors: {
      loadStatus: effectActor(runtime, () => shownByForm(identityAdminApi.twoFactor(login))),
      resetEnrolment: effectActor(runtime, () => shownByForm(identityAdminApi.resetTwoFactor(login))),
    },
  });

/** The roles that require a second factor, with every role as a choice. */
export const provideTwoFactorPolicy = (runtime: ApiRuntime) =>
  twoFactorPolicyMachine.provide({
    actors: {
      loadPolicy: effectActor(runtime, () =>
        shownByForm(
          Effect.all({ required: identityAdminApi.requiredRoles(), roles: userApi.authorities() }).pipe(
            Effect.map((policy): TwoFactorPolicy => policy),
          ),
        ),
      ),
      saveRoles: effectActor(runtime, (roles: readonly string[]) =>
        shownByForm(identityAdminApi.setRequiredRoles(roles)),
      ),
    },
  });
