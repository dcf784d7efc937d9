/** The client version shown in the footer and the account menu (docs/product.md §1). */
export const CLIENT_VERSION = '1.0.3';
