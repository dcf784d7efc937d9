import { isPaid } from './forecast.ts';
import { type Cents, sumCents } from './money.ts';

type Line = { readonly commission: string; readonly montant: number; readonly ordre: number };

export interface RecapTotals {
  /** One line per commission type, amounts added in cents, in `ordre`. */
  readonly lines: ReadonlyArray<{ readonly commission: string; readonly montant: Cents }>;
  readonly totalCommissions: Cents;
  readonly soldePrecedent: Cents;
  /** Total commissions + solde précédent. */
  readonly totalVersement: Cents;
}

/** The 'Récapitulatif' table of a statement (docs/product.md §2 "Statement detail", tab 0), exact in cents. */
export const recapTotals = (recap: readonly Line[], soldePrecedent: number | null): RecapTotals => {
  const byType = new Map<string, { ordre: number; amounts: number[] }>();
  for (const line of [...recap].sort((a, b) => a.ordre - b.ordre)) {
    const entry = byType.get(line.commission) ?? { ordre: line.ordre, amounts: [] };
    entry.amounts.push(line.montant);
    byType.set(line.commission, entry);
  }
  const lines = [...byType.entries()].map(([commission, entry]) => ({
    commission,
    montant: sumCents(entry.amounts),
  }));
  const totalCommissions = sumCents(recap.map((line) => line.montant));
  const solde = sumCents([soldePrecedent]);
  return {
    lines,
    totalCommissions,
    soldePrecedent: solde,
    totalVersement: (totalCommissions + solde) as Cents,
  };
};

/** Total paid over statements, forecasts excluded (docs/product.md §9), in cents. */
export const totalPaid = (
  statements: ReadonlyArray<{ readonly typeBordereau: string | null; readonly montant: number | null }>,
): Cents => sumCents(statements.filter(isPaid).map((s) => s.montant));
