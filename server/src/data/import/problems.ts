/** One reason a file is rejected: where (line, field) and why. */
export interface ImportProblem {
  readonly line: number | null;
  readonly field: string | null;
  readonly reason: string;
}

/** The whole file is rejected: nothing was written. */
export class ImportRejected extends Error {
  readonly problems: readonly ImportProblem[];
  constructor(file: string, problems: readonly ImportProblem[]) {
    super(
      `${file} rejected, nothing imported:\n${problems
        .map((p) => `  line ${p.line ?? '-'}${p.field ? `, field ${p.field}` : ''}: ${p.reason}`)
        .join('\n')}`,
    );
    this.name = 'ImportRejected';
    this.problems = problems;
  }
}

/** Stops collecting after this many problems: the first ones are enough to fix a file. */
export const MAX_PROBLEMS = 50;
