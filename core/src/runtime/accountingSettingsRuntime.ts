import { shownByForm } from '../api/loadFailure.ts';
import type { ApiRuntime } from '../api/runtime.ts';
import { accounting } from '../contract/accounting.ts';
import { call } from '../contract/client.ts';
import type { AccountingSettings } from '../domain/accounting.ts';
import { accountingSettingsMachine } from '../machines/accountingSettings.machine.ts';
import { effectActor } from './effectActor.ts';

/** The settings' accounting accounts card (docs/integrations.md "Entries for the books"). */
export const provideAccountingSettings = (runtime: ApiRuntime) =>
  accountingSettingsMachine.provide({
    actors: {
      loadAccounting: effectActor(runtime, () => shownByForm(call(accounting.get, {}))),
      saveAccounting: effectActor(runtime, (values: AccountingSettings) =>
        shownByForm(call(accounting.save, { body: values })),
      ),
    },
  });
