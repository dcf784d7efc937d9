/**
 * The insured person's rights (docs/security.md "Data protection"), under
 * `/api/police-assures/{idAssure}`: `personal-data` (JSON, or `?format=pdf`), `nir` (a recorded
 * reveal of the whole NIR, for `nir.reveal`), and for administrators `access-log` ("who looked
 * at my file?") and `anonymise`. A person outside the caller's scope is as absent as an unknown
 * one (404), and a refused call records and changes nothing.
 */
import { personalData } from '@extranet/core/contract/personalData.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../contract/route.ts';
import type { Db } from '../db/types.ts';
import { attachment } from '../entities/commissions/files.ts';
import { findVisible } from '../entities/engine/detail.ts';
import { mayRevealNir } from '../entities/engine/masked.ts';
import { callerOf } from '../entities/engine/route-kit.ts';
import { policeAssureResource } from '../entities/police-assures/resource.ts';
import { pathOf } from '../http/error-handler.ts';
import { Problem, ProblemType, problems } from '../http/problems.ts';
import { accessEventsOf, recordAccess } from './access-log.ts';
import { anonymiseInsured, retentionOf } from './anonymise.ts';
import { collectPersonalData, wholeNir } from './collect.ts';
import type { PersonalDataConfig } from './config.ts';
import { personalDataPdf } from './pdf.ts';

const retentionRunning = (retainedUntil: string | null, path: string) =>
  new Problem({
    type: ProblemType.DEFAULT,
    title: 'Conflict',
    status: 409,
    detail: retainedUntil
      ? `The contract data is kept until ${retainedUntil}`
      : 'The contract runs: its data is kept until five years after it ends',
    path,
    message: 'error.retentionRunning',
    params: { retainedUntil },
  });

export function personalDataRoutes(
  app: FastifyInstance,
  db: Db,
  config: PersonalDataConfig,
  now: () => number,
): void {
  /** The person as the caller sees them, else 404: the same answer for unknown and out of scope. */
  const visible = async (idAssure: string, request: FastifyRequest) => {
    const row = await findVisible(db, policeAssureResource, callerOf(request), idAssure);
    if (!row) throw problems.entityNotFound(policeAssureResource.entityName, pathOf(request));
    return row;
  };

  route(app, personalData.download, async ({ params, query }, request, reply) => {
    const format = query.format ?? 'json';
    const data = await collectPersonalData(db, callerOf(request), params.idAssure, new Date(now()));
    if (!data) throw problems.entityNotFound(policeAssureResource.entityName, pathOf(request));
    const target = { idAssure: Number(data.insured.idAssure), idPolice: Number(data.insured.idPolice) };
    await recordAccess(db, request, 'personal_data_export', target);
    const name = `donnees-personnelles-${target.idAssure}`;
    if (format === 'json') {
      return reply.header('Content-Disposition', attachment(`${name}.json`)).send(data);
    }
    const pdf = await personalDataPdf(data);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(`${name}.pdf`))
      .send(pdf);
  });

  route(app, personalData.revealNir, async ({ params }, request) => {
    const caller = callerOf(request);
    const row = await visible(params.idAssure, request);
    if (!mayRevealNir(caller)) throw problems.forbidden(pathOf(request));
    const numeroSecu = (await wholeNir(db, caller, params.idAssure)) ?? null;
    await recordAccess(db, request, 'nir_reveal', {
      idAssure: Number(row.idAssure),
      idPolice: Number(row.idPolice),
    });
    return { idAssure: Number(row.idAssure), numeroSecu };
  });

  route(app, personalData.accessLog, async ({ params }, request, reply) => {
    const row = await visible(params.idAssure, request);
    const { total, events } = await accessEventsOf(db, Number(row.idAssure), Number(row.idPolice));
    return reply.header('X-Total-Count', String(total)).send(events);
  });

  route(app, personalData.anonymise, async ({ params, body }, request) => {
    const row = await visible(params.idAssure, request);
    const force = body?.force;
    const idAssure = Number(row.idAssure);
    const at = new Date(now());
    const before = (await retentionOf(db, idAssure, config.contractYears))!;
    if (before.anonymisedAt) return { idAssure, ...before, anonymised: false };
    const running = before.retainedUntil === null || before.retainedUntil > at.toISOString().slice(0, 10);
    if (running && force !== true) throw retentionRunning(before.retainedUntil, pathOf(request));
    await db.transaction(async (tx) => {
      if (await anonymiseInsured(tx, idAssure, at))
        await recordAccess(tx, request, 'anonymise', { idAssure, idPolice: Number(row.idPolice) });
    });
    const after = (await retentionOf(db, idAssure, config.contractYears))!;
    return { idAssure, ...after, anonymised: true };
  });
}
