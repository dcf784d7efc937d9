/**
 * Data protection's settings (docs/security.md "Data protection"), read with the rest of the
 * configuration at start: how long each kind of personal data is kept, how often the retention
 * job looks, and how many insured persons' or policies' details one user may read an hour.
 */
import { bool, integer } from '../config.ts';

export interface PersonalDataConfig {
  /** RETENTION_CONTRACT_YEARS: identity and contact data kept this many years after the contract ends. */
  readonly contractYears: number;
  /** RETENTION_ACCESS_LOG_DAYS: the record of who saw whom is kept this many days. */
  readonly accessLogDays: number;
  /** RETENTION_JOB: whether the job runs on its schedule (default true; the admin action works either way). */
  readonly job: boolean;
  /** RETENTION_CHECK_SECONDS: how often one instance of the fleet applies the periods. */
  readonly checkSeconds: number;
  /** PERSONAL_DATA_READS_PER_HOUR: details of insured persons and policies one user may open an hour. */
  readonly readsPerHour: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export function personalDataConfig(env: Env): PersonalDataConfig {
  return {
    contractYears: integer(env, 'RETENTION_CONTRACT_YEARS', 5, 1, 100),
    accessLogDays: integer(env, 'RETENTION_ACCESS_LOG_DAYS', 365, 1, 36_500),
    job: bool(env, 'RETENTION_JOB') ?? true,
    checkSeconds: integer(env, 'RETENTION_CHECK_SECONDS', 3600, 1, 604_800),
    readsPerHour: integer(env, 'PERSONAL_DATA_READS_PER_HOUR', 120, 1, 1_000_000),
  };
}
