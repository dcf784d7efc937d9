/**
 * The 400 problems of the list engine. Each names the offending parameter both in `detail`
 * and as a JHipster field error, so the client's "Error on field" alert can show it.
 */
import { Problem, ProblemType } from '../../http/problems.ts';

export type ParamErrorCode =
  | 'UnknownParameter'
  | 'UnknownField'
  | 'UnknownOperator'
  | 'InvalidValue'
  | 'UnknownPreset'
  | 'Size'
  | 'Min'
  | 'Max';

export function badParam(param: string, code: ParamErrorCode, detail: string): Problem {
  return new Problem({
    type: ProblemType.CONSTRAINT_VIOLATION,
    title: 'Bad Request',
    status: 400,
    detail: `${detail}: ${param}`,
    message: 'error.validation',
    params: { field: param },
    fieldErrors: [{ objectName: 'query', field: param, message: code }],
  });
}

export function badBody(field: string, code: string, detail: string, objectName: string): Problem {
  return new Problem({
    type: ProblemType.CONSTRAINT_VIOLATION,
    title: 'Method argument not valid',
    status: 400,
    detail: `${detail}: ${field}`,
    message: 'error.validation',
    fieldErrors: [{ objectName, field, message: code }],
  });
}
