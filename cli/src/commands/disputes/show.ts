import { formatDate, formatDateTime, formatEur } from '@extranet/core/format/display.ts';
import { disputeActions } from '@extranet/core/machines/dispute.machine.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { writeLine } from '../../io.ts';
import { printJson, printRecord } from '../../output/print.ts';
import { disputesApi } from './client.ts';
import { partyOf } from './party.ts';

/** `extranet disputes show <id>`: the dispute, its thread, and what the caller may do next. */
export const run = async (opts: { readonly id: string }, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (!/^[1-9]\d{0,15}$/.test(opts.id)) throw usageError(t('cli.disputes.badId', { value: opts.id }));
  const { client, call, endpoints } = await disputesApi(deps);
  const d = await client.call(call(endpoints.get, { params: { id: Number(opts.id) } }), {
    notFound: t('cli.disputes.notFound', { id: opts.id }),
  });
  if (deps.out.format === 'json') {
    printJson(deps, d);
    return ExitCode.ok;
  }
  const f = (key: string) => t(`disputes.field.${key}`);
  printRecord(deps, [
    ['id', f('id'), String(d.id)],
    ['status', f('status'), t(`disputes.status.${d.status}`)],
    ['reason', f('reason'), t(`disputes.reason.${d.reason}`)],
    ['amountClaimed', f('amountClaimed'), formatEur(d.amountClaimed)],
    ['source', f('source'), t(`disputes.source.${d.source}`)],
    ['police', f('police'), d.police ?? ''],
    ['courtier', f('courtier'), d.codeCourtierPortail ?? ''],
    ['statementDate', f('statementDate'), formatDate(d.statementDate)],
    ['deadline', f('deadline'), formatDate(d.deadline)],
    ['correction', f('correction'), d.correction === null ? '' : formatEur(d.correction)],
    ['decisionReason', f('decisionReason'), d.decisionReason ?? ''],
    [
      'settledBy',
      t('cli.disputes.settledBy'),
      d.settledByBordereau === null ? '' : String(d.settledByBordereau),
    ],
  ]);
  if (deps.out.format !== 'table') return ExitCode.ok;
  for (const e of d.entries) {
    const who = e.byInsurer && e.author !== 'system' ? `${e.author} (${t('disputes.backOffice')})` : e.author;
    const what = t(`disputes.entry.${e.kind}`, { idBordereau: String(d.settledByBordereau ?? '') });
    writeLine(deps.io.stdout, '');
    writeLine(
      deps.io.stdout,
      `${formatDateTime(e.createdDate)}  ${e.kind === 'SETTLED' ? what : `${who} ${what}`}`,
    );
    if (e.message) for (const line of e.message.split('\n')) writeLine(deps.io.stdout, `  ${line}`);
    for (const a of e.attachments) writeLine(deps.io.stdout, `  📎 ${a.name} (${a.size} o)`);
  }
  const party = await partyOf(client);
  if (party === null) return ExitCode.ok;
  const today = new Date(deps.now()).toISOString().slice(0, 10);
  const can = disputeActions(
    { status: d.status, reopened: d.reopened, decidedOn: d.decidedDate?.slice(0, 10) ?? null },
    party,
    today,
  );
  const next = Object.entries(can)
    .filter(([, allowed]) => allowed)
    .map(([action]) => t(`disputes.action.${action === 'message' ? 'reply' : action}`));
  if (next.length > 0) {
    writeLine(deps.io.stdout, '');
    writeLine(deps.io.stdout, t('cli.disputes.next', { actions: next.join(', ') }));
  }
  return ExitCode.ok;
};
