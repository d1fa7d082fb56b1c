/**
 * The request schema of a currency code, kept apart from money.ts: the page layout formats prices
 * with money.ts on every page, and must not bring zod along.
 */
import { z } from 'zod';
import { CURRENCY_CODES } from './money.model.ts';

export const currencyCodeSchema = z.enum(CURRENCY_CODES, {
  error: () => `currency must be one of ${CURRENCY_CODES.join(', ')}`,
});
