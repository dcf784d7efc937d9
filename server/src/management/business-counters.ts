/**
 * What the product did, counted for Prometheus beside the request figures (prometheus.ts):
 * sign-ins by outcome, exported and imported rows by kind, mails by what became of them. Every
 * label takes a closed set of values (the types below, the resource and import kinds), so the
 * series stay few whatever the traffic. Counters are per process: Prometheus sums the instances.
 */
import type { Registry } from 'prom-client';
import { Counter } from 'prom-client';

/**
 * `failure`: wrong login or password; `not_activated`: right password, account not activated;
 * `second_factor_failure`: wrong or reused code; `throttled`: refused with 429 before checking.
 */
export type SignInOutcome = 'success' | 'failure' | 'not_activated' | 'second_factor_failure' | 'throttled';

/**
 * `sent`: taken by the mail server at once; `kept`: not taken, kept in the outbox for a retry;
 * `retried`: a kept mail sent by a retry; `retry_failed`: a retry that failed again (the mail
 * stays kept); `refused`: refused for good (SMTP 5xx) or not even keepable, the caller was told.
 */
export type MailOutcome = 'sent' | 'kept' | 'retried' | 'retry_failed' | 'refused';

/**
 * `delivered`: the receiver answered 2xx; `retried`: an attempt failed and will be tried again;
 * `failed`: the last attempt failed (the delivery is marked failed); `disabled`: an endpoint
 * switched off after repeated failures.
 */
export type WebhookOutcome = 'delivered' | 'retried' | 'failed' | 'disabled';

export class BusinessCounters {
  private readonly signIns: Counter<'outcome'>;
  private readonly exportedRows: Counter<'kind'>;
  private readonly importedRows: Counter<'kind'>;
  private readonly importFiles: Counter<'kind' | 'outcome'>;
  private readonly mails: Counter<'outcome'>;
  private readonly personalDataReadsRefused: Counter;
  private readonly webhooks: Counter<'outcome'>;
  private readonly shedRequests: Counter<'reason'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.signIns = new Counter({
      name: 'extranet_sign_ins_total',
      help: 'Sign-in attempts by outcome (success, failure, not_activated, second_factor_failure, throttled).',
      labelNames: ['outcome'],
      registers,
    });
    this.exportedRows = new Counter({
      name: 'extranet_exported_rows_total',
      help: 'Rows written to CSV exports, by exported entity.',
      labelNames: ['kind'],
      registers,
    });
    this.importedRows = new Counter({
      name: 'extranet_imported_rows_total',
      help: 'Rows of back-office files imported through the API, by import kind.',
      labelNames: ['kind'],
      registers,
    });
    this.importFiles = new Counter({
      name: 'extranet_import_files_total',
      help: 'Back-office files imported through the API, by import kind and outcome (imported, rejected).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.mails = new Counter({
      name: 'extranet_mails_total',
      help: 'Mails by what became of them (sent, kept, retried, retry_failed, refused).',
      labelNames: ['outcome'],
      registers,
    });
    this.personalDataReadsRefused = new Counter({
      name: 'extranet_personal_data_reads_refused_total',
      help: 'Insured-person and policy details refused with 429: the reader spent their hourly budget (PERSONAL_DATA_READS_PER_HOUR).',
      registers,
    });
    this.webhooks = new Counter({
      name: 'extranet_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, retried, failed) and endpoints switched off (disabled).',
      labelNames: ['outcome'],
      registers,
    });
    this.shedRequests = new Counter({
      name: 'extranet_requests_shed_total',
      help: "API requests answered 503 by the embedded database's admission: queue_full (on arrival) or waited_too_long.",
      labelNames: ['reason'],
      registers,
    });
    for (const reason of ['queue_full', 'waited_too_long']) this.shedRequests.inc({ reason }, 0);
    // Every outcome from the start at 0, so rate() and absent-series alerts see them at once.
    for (const outcome of ['success', 'failure', 'not_activated', 'second_factor_failure', 'throttled'])
      this.signIns.inc({ outcome }, 0);
    for (const outcome of ['sent', 'kept', 'retried', 'retry_failed', 'refused'])
      this.mails.inc({ outcome }, 0);
    for (const outcome of ['delivered', 'retried', 'failed', 'disabled']) this.webhooks.inc({ outcome }, 0);
  }

  /** An API request refused by the embedded database's admission (http/embedded-admission.ts). */
  shed(reason: 'queue_full' | 'waited_too_long'): void {
    this.shedRequests.inc({ reason });
  }

  signIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  /** `kind`: the exported entity (`police`, `commission`…), a closed set. */
  exported(kind: string, rows: number): void {
    this.exportedRows.inc({ kind }, rows);
  }

  /** `kind`: one of IMPORT_KINDS (checked before the file is read). */
  imported(kind: string, rows: number): void {
    this.importFiles.inc({ kind, outcome: 'imported' });
    this.importedRows.inc({ kind }, rows);
  }

  importRejected(kind: string): void {
    this.importFiles.inc({ kind, outcome: 'rejected' });
  }

  /** A detail read beyond its caller's hourly budget (personal-data/read-budget.ts). */
  personalDataReadRefused(): void {
    this.personalDataReadsRefused.inc();
  }

  mail(outcome: MailOutcome, count = 1): void {
    if (count > 0) this.mails.inc({ outcome }, count);
  }

  webhook(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }
}
