import type { Command } from 'commander';
import { collect } from '../../lists/listCommand.ts';
import { examples, type Registrar } from '../../registry.ts';
import type { ApiOptions } from './run.ts';

/** `api [operationId] [--param k=v …] [--body JSON|@file] [--list]`: any endpoint of core's contract. */
export const registerApi = (program: Command, { t, action }: Registrar) => {
  examples(
    program
      .command('api')
      .description(t('cli.api.command'))
      .argument('[operationId]', t('cli.api.operationId'))
      .option('-p, --param <name=value>', t('cli.api.param'), collect)
      .option('--body <json|@file>', t('cli.api.body'))
      .option('--list', t('cli.api.list'))
      .action(
        action<ApiOptions>(
          () => import('./run.ts'),
          ([operationId], opts) => ({
            ...(operationId === undefined ? {} : { operationId }),
            ...(opts.list === true ? { list: true } : {}),
            ...(Array.isArray(opts.param) ? { param: opts.param as string[] } : {}),
            ...(typeof opts.body === 'string' ? { body: opts.body } : {}),
          }),
        ),
      ),
    t,
    [
      'extranet api --list',
      'extranet api getDisputes --param status=OPEN',
      'extranet api getDispute --param id=12',
      'extranet api createToken --body \'{"name":"crm","scope":"read","expiresInDays":30}\'',
      'extranet api addDisputeMessage --param id=12 --body @reply.json',
    ],
  );
};
