import { EthicsLineViewSchema, ServiceFormReceiptSchema } from '../views/service-forms.ts';
import { endpoints } from './endpoint.ts';

/**
 * The service forms. Their bodies are multipart/form-data: the fields of the forms' own
 * schemas (shared/validation/service-forms.ts) by their names, a checkbox as 'true', text
 * first, then the files as `attachments[]`.
 */
export const formsEndpoints = endpoints({
  'GET /forms/ethics-line': {
    description: 'The ethics-line e-mail address /linea-etica shows (from the configuration).',
    answer: EthicsLineViewSchema,
    errors: [],
  },
  'POST /forms/pqr': {
    description:
      'Sends a PQR (/contactanos) with its attachments, relayed to the cinema API as a stream. A refused ' +
      "attachment is named in `message` and marked in `fields['attachments.N']`.",
    body: 'multipart',
    status: 201,
    answer: ServiceFormReceiptSchema,
    errors: [400, 413, 415, 422, 502],
  },
  'POST /forms/ethics': {
    description:
      'Sends an ethics-line report (/linea-etica) with its attachments, relayed to the cinema API as a stream. A ' +
      "refused attachment is named in `message` and marked in `fields['attachments.N']`.",
    body: 'multipart',
    status: 201,
    answer: ServiceFormReceiptSchema,
    errors: [400, 413, 415, 422, 502],
  },
});
