import { cinemaCalls } from '../call.ts';
import { SubmissionAnswerSchema } from '../forms.ts';

/**
 * The service forms of document 1, multipart with attachments (their fields: `forms.ts`). Open
 * to visitors; a customer's token goes along (the spec's client sends it on every call).
 */
export const formCalls = cinemaCalls({
  'POST /pqrs': {
    description: 'A PQR with up to 5 attachments; answers its filing number (radicado).',
    auth: 'optional-bearer',
    body: 'multipart',
    status: 201,
    answer: SubmissionAnswerSchema,
    errors: [413, 422],
  },
  'POST /ethics': {
    description: 'An ethics-line report with attachments (5 MB in all); answers its filing number.',
    auth: 'optional-bearer',
    body: 'multipart',
    status: 201,
    answer: SubmissionAnswerSchema,
    errors: [413, 422],
  },
});
