-- The anomaly list's broker filter (`courtier.in=…`, docs/reconciliation.md) reads its own index
-- in the list's order, as the rule filter does with anomaly_regle_idx: an admin or a wholesaler
-- choosing one broker no longer scans every anomaly.
create index anomaly_courtier_name_idx on anomaly (courtier, montant desc nulls last, id);

-- The ascending sort by amount over every row (an admin's "smallest first"): the list index is
-- descending with nulls last, which a backward scan cannot give with the id tie-break ascending.
create index anomaly_amount_asc_idx on anomaly (montant, id);
