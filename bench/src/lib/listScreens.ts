/**
 * The policy list's screens as the benchmarks ask them (list, scope, firstrow): the list as it
 * opens, the portfolio's usual filters, the presets, and the list benchmark's targets.
 */
import type { CompareOptions, Scenario } from './compare.ts';

/** The list as the web app opens it: first page of 20, newest first, no filter. */
export const DEFAULT_LIST_PATH = '/api/police?page=0&size=20&sort=dateCreation,desc';

const PAGE = 'sort=dateCreation,desc&page=0&size=10';
const FILTERS =
  'statut.equals=En%20cours&risque.in=Sant%C3%A9,Pr%C3%A9voyance%20autre&dateEffet.gte=2015-01-01';

export const PRESETS = ['NOF', 'SEF', 'RES', 'IMP', 'MED', 'NRS', 'VIG'] as const;

/** ≥ 0.8 of the same statements, ≥ 0.6 of the limit, p99 < 100 ms at 8 connections. */
export const LIST_TARGETS: NonNullable<CompareOptions['targets']> = {
  minRatio: 0.8,
  minLimitRatio: 0.6,
  maxP99Ms: 100,
  p99At: 8,
};

/** In force, two risks, effective since 2015, page of 10 in the default sort. */
export const filteredList = (login: string): Scenario => ({
  label: `${login}: status, risks and effective date, default sort`,
  paths: [`/api/police?${FILTERS}&${PAGE}`],
});

export const presetList = (login: string, preset: string): Scenario => ({
  label: `${login}: preset ${preset}`,
  paths: [`/api/police?preset=${preset}&page=0&size=10`],
});

/** The list as it opens (DEFAULT_LIST_PATH). */
export const defaultList = (login: string): Scenario => ({
  label: `${login}: the list as it opens (page of 20, newest first)`,
  paths: [DEFAULT_LIST_PATH],
});
