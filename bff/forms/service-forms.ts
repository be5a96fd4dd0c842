import {
  ETHICS_ATTACHMENT_RULES,
  EthicsFieldsSchema,
  PQR_ATTACHMENT_RULES,
  PqrFieldsSchema,
  type EthicsFields,
  type PqrFields,
} from '#shared/validation/service-forms.ts';
import type { ServiceFormSpec } from './relay-submission.ts';
import { readEthicsFields, readPqrFields, toEthicsUpstreamFields, toPqrUpstreamFields } from './service-form-fields.ts';

/** The PQR (/contactanos): the cinema API's `POST pqrs`. */
export const PQR_FORM: ServiceFormSpec<PqrFields> = {
  upstreamCall: 'POST /pqrs',
  rules: PQR_ATTACHMENT_RULES,
  schema: PqrFieldsSchema,
  readFields: readPqrFields,
  toUpstreamFields: toPqrUpstreamFields,
};

/** The ethics-line report (/linea-etica): the cinema API's `POST ethics`. */
export const ETHICS_FORM: ServiceFormSpec<EthicsFields> = {
  upstreamCall: 'POST /ethics',
  rules: ETHICS_ATTACHMENT_RULES,
  schema: EthicsFieldsSchema,
  readFields: readEthicsFields,
  toUpstreamFields: toEthicsUpstreamFields,
};
