/**
 * A list's joined statement (`joinRows` in server/src/entities/engine/list.ts: `select * from
 * (count) as r0 cross join (page) as r1 cross join (scope count) as r2(scope_total)`) taken
 * apart again, each part with its own parameters numbered from $1. Each part is an aggregate,
 * which PostgreSQL plans on its own inside the join, so the EXPLAIN tests read each part's plan.
 */
import type { Statement } from './explain-plan.ts';

const PREFIX = 'select * from (';

/** The parts of a joined statement; any other statement as it is. */
export function splitJoined(statement: Statement): Statement[] {
  const { sql } = statement;
  if (!sql.startsWith(PREFIX)) return [statement];
  const parts: string[] = [];
  let depth = 0;
  let start = -1;
  for (let i = PREFIX.length - 1; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'") {
      // A string literal: '' is a quote inside it.
      for (i++; i < sql.length && !(sql[i] === "'" && sql[i + 1] !== "'"); i += sql[i] === "'" ? 2 : 1);
    } else if (c === '(') {
      if (depth === 0 && /(from |cross join )$/.test(sql.slice(0, i))) start = i + 1;
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth === 0 && start >= 0) {
        parts.push(sql.slice(start, i));
        start = -1;
      }
    }
  }
  let offset = 0;
  return parts.map((part) => {
    const used = new Set([...part.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    const base = offset;
    offset += used.size;
    return {
      sql: part.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - base}`),
      params: statement.params.slice(base, base + used.size),
    };
  });
}
