import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { ImportOptions } from './run.ts';

/** `import --kind <kind> <file>…` (administrators). */
export const registerImport = (program: Command, { t, action }: Registrar) => {
  examples(
    program
      .command('import')
      .description(t('cli.commands.import'))
      .requiredOption('-k, --kind <kind>', 'police | assures | commissions | recap | mouvements | pdf')
      .argument('<files...>', t('cli.options.importFiles'))
      .option('--local', t('cli.options.local'))
      .action(
        action<ImportOptions>(
          () => import('./run.ts'),
          (files, opts) => ({ ...opts, files }),
        ),
      ),
    t,
    [
      'extranet import --kind police police.csv',
      'extranet import --kind pdf --local 1202610.pdf 1202611.pdf',
      'DATA_DIR=./data extranet import --kind mouvements --local mouvements.json --json',
    ],
  );
};
