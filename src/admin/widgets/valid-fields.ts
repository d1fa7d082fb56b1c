/**
 * A dialog form's values once its fields are valid, or null while one is not. antd's
 * `validateFields` rejects with the field errors, which the form shows already; left to a
 * dialog's OK handler, that rejection is an uncaught error in the page (and the end-to-end
 * journeys fail on any: docs/testing.md "Page errors").
 */
import type { FormInstance } from 'antd';

export async function validFields<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    // Only the refusal of a field is expected here; anything else is a bug to see.
    if (typeof error === 'object' && error !== null && 'errorFields' in error) return null;
    throw error;
  }
}
