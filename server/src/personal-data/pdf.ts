/**
 * The personal-data answer as a readable PDF, made with pdfkit as the statements' PDFs are
 * (fixtures/src/pdf.ts): uncompressed so its text can be searched, one section per kind of data,
 * each field under its French label. Standard fonts are WinAnsi, so a character outside it (the
 * mask's bullet) is written as a plain `*`.
 */
import { frAmount } from '@extranet/core/domain/policyLifecycle/policyLifecycle.messages.ts';
import PDFDocument from 'pdfkit';
import type { ResourceDef } from '../entities/engine/fields.ts';
import { mouvementResource } from '../entities/mouvements/resource.ts';
import { policeResource } from '../entities/police/resource.ts';
import { policeAssureResource } from '../entities/police-assures/resource.ts';
import { timelineResource } from '../entities/timelines/resource.ts';
import type { PersonalData } from './collect.ts';

const winAnsi = (text: string) => text.replace(/•/g, '*').replace(/[\u202f\u00a0]/g, ' ');

function valueText(resource: ResourceDef, name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  const field = resource.fields.find((f) => f.name === name);
  if (field?.type === 'money') return frAmount(String(value));
  if (field?.type === 'date' && typeof value === 'string') return value.split('-').reverse().join('/');
  return String(value);
}

/** An instant as Paris reads it, dd/mm/yyyy hh:mm. */
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });

export function personalDataPdf(data: PersonalData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      compress: false,
      info: { Title: `Données personnelles ${data.insured.idAssure}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const heading = (text: string) =>
      doc.moveDown().font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3);
    const record = (resource: ResourceDef, row: Record<string, unknown>) => {
      doc.font('Helvetica').fontSize(9);
      for (const field of resource.fields) {
        if (!(field.name in row)) continue;
        const text = valueText(resource, field.name, row[field.name]);
        if (text !== '') doc.text(winAnsi(`${field.label} : ${text}`));
      }
      doc.moveDown(0.5);
    };
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(winAnsi(`Données personnelles de ${data.insured.nomprenom ?? ''}`));
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Assuré n° ${data.insured.idAssure}, état au ${data.generatedAt.slice(0, 10).split('-').reverse().join('/')}`,
      );
    heading('Identité et contrat');
    record(policeAssureResource, data.insured);
    if (data.policy) {
      heading('Police');
      record(policeResource, data.policy);
    }
    heading(`Événements (${data.events.length})`);
    for (const event of data.events) record(timelineResource, event);
    if (data.commissionLines) {
      heading(`Lignes de commission (${data.commissionLines.length})`);
      for (const line of data.commissionLines) record(mouvementResource, line);
    }
    if (data.disputes) {
      heading(`Litiges (${data.disputes.length})`);
      for (const dispute of data.disputes) {
        doc.font('Helvetica-Bold').fontSize(9);
        doc.text(
          winAnsi(
            `Litige n° ${dispute.id}, ${dispute.status}, ${dispute.reason}, ${frAmount(String(dispute.amountClaimed))}`,
          ),
        );
        doc.font('Helvetica');
        for (const entry of dispute.entries) {
          doc.text(winAnsi(`${dateTime(entry.createdDate)} ${entry.author} : ${entry.message}`));
        }
        doc.moveDown(0.5);
      }
    }
    doc.end();
  });
}
