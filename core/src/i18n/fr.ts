/**
 * The French resources of every area, as area trees to merge (`mergeAreas`). Their own module so
 * a UI can load one language without the other (the web loads English only when chosen).
 */

import { account } from './fr/account.ts';
import { admin } from './fr/admin.ts';
import { alerts } from './fr/alerts.ts';
import { commissions } from './fr/commissions.ts';
import { disputes } from './fr/disputes.ts';
import { fields } from './fr/fields.ts';
import { global } from './fr/global.ts';
import { identity } from './fr/identity.ts';
import { insight } from './fr/insight.ts';
import { integrations } from './fr/integrations.ts';
import { login } from './fr/login.ts';
import { personalData } from './fr/personalData.ts';
import { policies } from './fr/policies.ts';
import { reconciliation } from './fr/reconciliation.ts';
import { sessions } from './fr/sessions.ts';
import { timeline } from './fr/timeline.ts';
import { validation } from './fr/validation.ts';

export const frAreas = [
  global,
  login,
  identity,
  sessions,
  timeline,
  account,
  validation,
  fields,
  policies,
  commissions,
  admin,
  insight,
  alerts,
  integrations,
  reconciliation,
  disputes,
  personalData,
];
