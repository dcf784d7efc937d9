/** The 400s of the dispute routes: JHipster's constraint violation, on the `dispute` object. */
import { type FieldError, Problem, ProblemType } from '../http/problems.ts';

export const OBJECT_NAME = 'dispute';

export function invalidField(
  field: string,
  constraint: string,
  detail: string,
  params?: Record<string, unknown>,
): Problem {
  const fieldErrors: FieldError[] = [{ objectName: OBJECT_NAME, field, message: constraint }];
  return new Problem({
    type: ProblemType.CONSTRAINT_VIOLATION,
    title: 'Method argument not valid',
    status: 400,
    detail,
    message: 'error.validation',
    ...(params ? { params } : {}),
    fieldErrors,
  });
}
