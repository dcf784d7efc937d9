/**
 * The contract: every group of endpoints declared in core (docs/adr/0003-contract.md). The server
 * registers them, the OpenAPI document describes them and core's client calls them; a group
 * added here appears in all three. Groups not yet here are still written by hand on the server.
 */

import { account } from './account.ts';
import { accounting } from './accounting.ts';
import { alerts } from './alerts.ts';
import { dataImport } from './dataImport.ts';
import { disputes } from './disputes.ts';
import { documentation } from './documentation.ts';
import type { AnyEndpoint } from './endpoint.ts';
import {
  anomalyList,
  commissionMovements,
  commissionStatements,
  insuredPersons,
  policies,
  timelineEvents,
} from './entities.ts';
import { entries } from './entries.ts';
import { filterValues } from './filterValues.ts';
import { insight } from './insight.ts';
import { management } from './management.ts';
import { messages } from './messages.ts';
import { personalData } from './personalData.ts';
import { savedFilters } from './savedFilters.ts';
import { sessions } from './sessions.ts';
import { sso } from './sso.ts';
import { tokens } from './tokens.ts';
import { twoFactor } from './twoFactor.ts';
import { users } from './users.ts';
import { webhooks } from './webhooks.ts';

export const CONTRACT = {
  policies,
  insuredPersons,
  commissionStatements,
  commissionMovements,
  timelineEvents,
  anomalyList,
  account,
  accounting,
  alerts,
  savedFilters,
  sessions,
  sso,
  tokens,
  twoFactor,
  users,
  webhooks,
  disputes,
  filterValues,
  personalData,
  insight,
  dataImport,
  documentation,
  entries,
  messages,
  management,
} as const;

export type Contract = Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>>;

/** Every endpoint of a contract, group by group. */
export const endpointsOf = (contract: Contract): AnyEndpoint[] =>
  Object.values(contract).flatMap((group) => Object.values(group));
