/**
 * The English resources of every area, as area trees to merge (`mergeAreas`). Their own module so
 * a UI can load one language without the other (the web loads English only when chosen).
 */

import { account } from './en/account.ts';
import { admin } from './en/admin.ts';
import { alerts } from './en/alerts.ts';
import { commissions } from './en/commissions.ts';
import { disputes } from './en/disputes.ts';
import { fields } from './en/fields.ts';
import { global } from './en/global.ts';
import { identity } from './en/identity.ts';
import { insight } from './en/insight.ts';
import { integrations } from './en/integrations.ts';
import { login } from './en/login.ts';
import { personalData } from './en/personalData.ts';
import { policies } from './en/policies.ts';
import { reconciliation } from './en/reconciliation.ts';
import { sessions } from './en/sessions.ts';
import { timeline } from './en/timeline.ts';
import { validation } from './en/validation.ts';

export const enAreas = [
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
