/**
 * The contract: every group of endpoints declared in core (docs/adr/0003-contract.md). The server
 * registers them, the OpenAPI document describes them and core's client calls them; a group
 * added here appears in all three. Groups not yet here are still written by hand on the server.
 */
import type { AnyEndpoint } from './endpoint.ts';
import { savedFilters } from './savedFilters.ts';

export const CONTRACT = { savedFilters } as const;

export type Contract = Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>>;

/** Every endpoint of a contract, group by group. */
export const endpointsOf = (contract: Contract): AnyEndpoint[] =>
  Object.values(contract).flatMap((group) => Object.values(group));
