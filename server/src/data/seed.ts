import type { Db } from '../db/types.ts';
import { type LoadReport, loadDemoData } from './loadDemo.ts';

/**
 * The hook `server/src/seed/demo.ts` calls after the demo accounts: loads the demo business data
 * unless policies already exist (so running the seed again changes nothing).
 */
export const seedDemoData = async (db: Db): Promise<LoadReport | { skipped: true }> => {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from police');
  if ((row?.n ?? 0) > 0) return { skipped: true };
  return loadDemoData(db);
};
