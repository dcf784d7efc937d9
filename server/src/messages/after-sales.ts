/**
 * Where a message goes: the after-sales (SAV) address of the caller's brand. The demo table
 * below is overridden, brand by brand, by `AFTER_SALES_ADDRESSES`
 * (`UCR=sav@ucr.example;2MA=sav@2ma.example;*=sav@example.com`, `;`-separated `brand=address`,
 * `*` for a caller without a brand or with one not listed), which the configuration reads and
 * checks at start (config.ts).
 */

/** Key of the address used for a brand the table does not list (and for no brand). */
export const FALLBACK_BRAND = '*';

/** Demo addresses, one per brand of docs/product.md §1; the form's title names the UCR after-sales service. */
export const DEFAULT_AFTER_SALES: Readonly<Record<string, string>> = {
  UCR: 'sav-ucr@demo.extranet.example',
  '2MA': 'sav-2ma@demo.extranet.example',
  'Vitalité Santé': 'sav-vitalite-sante@demo.extranet.example',
  Tassur: 'sav-tassur@demo.extranet.example',
  Netvox: 'sav-netvox@demo.extranet.example',
  Samassur: 'sav-samassur@demo.extranet.example',
  [FALLBACK_BRAND]: 'sav-ucr@demo.extranet.example',
};

export interface AfterSalesTable {
  readonly addresses: Readonly<Record<string, string>>;
  /** The address for a caller of brand `marque` (compared without case or surrounding spaces). */
  addressFor(marque: string | null): string;
}

/** The table: the demo defaults with the configured addresses laid over them. */
export function afterSalesTable(overrides: Readonly<Record<string, string>>): AfterSalesTable {
  const addresses: Record<string, string> = { ...DEFAULT_AFTER_SALES, ...overrides };
  const byKey = new Map(Object.entries(addresses).map(([brand, address]) => [brand.toLowerCase(), address]));
  return {
    addresses,
    addressFor(marque) {
      const key = marque?.trim().toLowerCase();
      return (key && byKey.get(key)) || byKey.get(FALLBACK_BRAND)!;
    },
  };
}
