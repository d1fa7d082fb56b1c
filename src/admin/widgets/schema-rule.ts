/**
 * A form field's rule taken from the shared request schema (`src/domain/**.schema.ts`) rather than
 * typed again in the form: the value passes when the schema the server checks it with takes it, so
 * the two cannot drift apart. The message is the screen's own, in the user's language (a schema's
 * messages are the API's, in English). An empty field is left to the field's `required` rule, as
 * antd's own rules leave it.
 */
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function schemaRule(schema: z.ZodType, message: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}
