import type { z } from 'zod';

/** The first message zod reports for each field, the way a form shows them. */
export function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}
