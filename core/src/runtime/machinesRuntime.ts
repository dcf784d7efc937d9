import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import {
  activate,
  changePassword,
  finishPasswordReset,
  register,
  requestPasswordReset,
  saveAccount,
} from '../api/accountFlowsApi.ts';
import { insuredApi, statementApi } from '../api/entitiesApi.ts';
import { shownByForm, shownByScreen } from '../api/loadFailure.ts';
import { sendMessage } from '../api/messageApi.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { twoFactorApi } from '../api/twoFactorApi.ts';
import { userApi } from '../api/userApi.ts';
import type { Account } from '../domain/account.ts';
import type { IdBordereau } from '../domain/ids.ts';
import type { InsuredPerson } from '../domain/insured.ts';
import { activateMachine } from '../machines/activate.machine.ts';
import { changePasswordMachine } from '../machines/changePassword.machine.ts';
import type { FormValues } from '../machines/formFlow.ts';
import { insuredEditMachine, insuredEditRow } from '../machines/insuredEdit.machine.ts';
import { messageFormMachine } from '../machines/messageForm.machine.ts';
import { registerMachine } from '../machines/register.machine.ts';
import { resetFinishMachine } from '../machines/resetFinish.machine.ts';
import { resetRequestMachine } from '../machines/resetRequest.machine.ts';
import { settingsMachine } from '../machines/settings.machine.ts';
import { statementDetailMachine } from '../machines/statementDetail.machine.ts';
import { twoFactorMachine } from '../machines/twoFactor.machine.ts';
import { userAdminMachine } from '../machines/userAdmin.machine.ts';
import { effectActor } from './effectActor.ts';
import type { SaveFile } from './listRuntime.ts';

type Submit = FormValues & { readonly key?: string };
const field = (values: Submit, name: string) => values[name] ?? '';

/** Registration wired to `POST api/register` (the confirmation stays home). */
export const provideRegister = (runtime: ApiRuntime) =>
  registerMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) =>
        shownByForm(
          register({
            login: field(v, 'login'),
            email: field(v, 'email'),
            password: field(v, 'password'),
            langKey: field(v, 'langKey'),
          }),
        ),
      ),
    },
  });

export const provideActivate = (runtime: ApiRuntime) =>
  activateMachine.provide({
    actors: { activate: effectActor(runtime, (key: string) => shownByForm(activate(key))) },
  });

export const provideResetRequest = (runtime: ApiRuntime) =>
  resetRequestMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) => shownByForm(requestPasswordReset(field(v, 'email')))),
    },
  });

export const provideResetFinish = (runtime: ApiRuntime) =>
  resetFinishMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) =>
        shownByForm(finishPasswordReset({ key: v.key ?? '', newPassword: field(v, 'newPassword') })),
      ),
    },
  });

export const provideChangePassword = (runtime: ApiRuntime) =>
  changePasswordMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) => shownByForm(changePassword(field(v, 'newPassword')))),
    },
  });

/**
 * Settings wired to `POST api/account`; `onSaved` runs after a save (reload the identity via the
 * auth actor's `identity.reload`, switch i18n when `langKey` changed).
 */
export const provideSettings = (
  runtime: ApiRuntime,
  account: Account,
  onSaved: (values: FormValues) => void,
) =>
  settingsMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) =>
        shownByForm(
          saveAccount({
            activated: account.activated,
            login: account.login,
            imageUrl: account.imageUrl,
            firstName: field(v, 'firstName'),
            lastName: field(v, 'lastName'),
            email: field(v, 'email'),
            langKey: field(v, 'langKey'),
          }),
        ),
      ),
    },
    actions: { submitted: (_, params) => onSaved(params.values) },
  });

/**
 * The insured person's edit popup wired to `PUT api/police-assures`; `onSaved` leaves the popup.
 * A refused save shows in the popup and, as every API error, in the app's alert area.
 */
export const provideInsuredEdit = (runtime: ApiRuntime, person: InsuredPerson, onSaved: () => void) =>
  insuredEditMachine.provide({
    actors: {
      submit: effectActor(runtime, (v: Submit) =>
        insuredApi.update(insuredEditRow(person, v)).pipe(Effect.asVoid),
      ),
    },
    actions: { submitted: () => onSaved() },
  });

/** Statement detail wired to the statement, recap and PDF calls. */
export const provideStatementDetail = (
  runtime: ApiRuntime,
  options: { readonly save: SaveFile; readonly navigate: (url: string) => void },
) =>
  statementDetailMachine.provide({
    actors: {
      loadStatement: fromPromise(async ({ input, signal }: { input: IdBordereau; signal: AbortSignal }) => {
        const [statement, recap] = await Promise.all([
          runtime.run(shownByScreen(statementApi.get(input)), signal),
          runtime.run(shownByScreen(statementApi.recap(input)), signal),
        ]);
        return { statement, recap };
      }),
      downloadPdf: fromPromise(async ({ input, signal }: { input: IdBordereau; signal: AbortSignal }) => {
        await options.save(await runtime.run(statementApi.downloadPdf(input), signal));
      }),
    },
    actions: { navigate: (_, params) => options.navigate(params.url) },
  });

/** User management wired to `api/users` and the portal sync. */
export const provideUserAdmin = (runtime: ApiRuntime) =>
  userAdminMachine.provide({
    actors: {
      loadUsers: effectActor(runtime, userApi.list),
      // A deep link's missing user is said once, by the users screen (not the alert area too).
      loadUser: effectActor(runtime, (login: string) => shownByScreen(userApi.get(login))),
      saveUser: effectActor(runtime, (user: Parameters<typeof userApi.create>[0]) =>
        shownByForm(user.id === undefined ? userApi.create(user) : userApi.update({ ...user, id: user.id })),
      ),
      deleteUser: effectActor(runtime, userApi.remove),
      // The admin screen only says it is done; the report's counts are the CLI's to print.
      syncUsers: effectActor(runtime, () => Effect.asVoid(userApi.sync())),
    },
  });

/** The after-sales message form wired to `POST api/messages`. */
export const provideMessageForm = (runtime: ApiRuntime) =>
  messageFormMachine.provide({
    actors: {
      sendMessage: effectActor(runtime, (form: Parameters<typeof sendMessage>[0]) =>
        shownByForm(sendMessage(form)),
      ),
    },
  });

/** The settings' two-factor card wired to `api/account/two-factor` (its failures shown in the card). */
export const provideTwoFactor = (runtime: ApiRuntime) =>
  twoFactorMachine.provide({
    actors: {
      loadStatus: effectActor(runtime, () => shownByForm(twoFactorApi.status())),
      start: effectActor(runtime, () => shownByForm(twoFactorApi.start())),
      confirm: effectActor(runtime, (body: { enrolmentToken: string; code: string }) =>
        shownByForm(twoFactorApi.confirm(body)),
      ),
      disable: effectActor(runtime, (code: string) => shownByForm(twoFactorApi.disable(code))),
    },
  });
