import { Schema } from 'effect';
import { Nullable } from './fields.ts';

/** The broker codes every business row carries; row scope is decided on them (ARCHITECTURE §4). */
export const brokerFields = {
  courtier: Nullable(Schema.String),
  codeCourtierPortail: Nullable(Schema.String),
  codeCourtierGrossistePortail: Nullable(Schema.String),
  idCourtierPortail: Nullable(Schema.String),
  idCourtierGestion: Nullable(Schema.String),
  idCourtierGrossisteGestion: Nullable(Schema.String),
};
