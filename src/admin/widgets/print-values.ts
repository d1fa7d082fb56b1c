/**
 * A shirt's print as the back office's forms hold it (PrintFields.tsx: the order change dialog and
 * the New order screen's lines) and as their requests send it: pure, unit-tested
 * (tests/unit/admin/new-order-form.test.ts). The rules are the configurator's
 * (domain/personalisation.ts: the normalisers, printToRequest).
 */
import type { OrderLineRecord } from '../../domain/orders.model.ts';
import { CUSTOM_TYPES, letteringFrom, normaliseCustomName, normaliseCustomNumber, printToRequest, type CustomType, type Lettering } from '../../domain/personalisation.ts';

/** The print's form values (field names as the form holds them). */
export interface PrintValues extends Partial<Lettering> {
  customType?: CustomType;
  playerId?: number | null;
  customName?: string;
  customNumber?: string;
  patchIds?: number[];
  addonIds?: number[];
}

/** A print not chosen yet: no print, standard lettering, no extras. */
export const BLANK_PRINT: Readonly<PrintValues> = { customType: CUSTOM_TYPES.BLANK, playerId: null, ...letteringFrom(() => 'Standard'), patchIds: [], addonIds: [] };

/** The form's values for a line as it was ordered. */
export function printValuesOf(line: OrderLineRecord): PrintValues {
  return {
    customType: line.customType,
    playerId: line.squadList,
    // A chosen player's name is the squad's: only an own print's text is the line's to edit.
    customName: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customName ?? '') : '',
    customNumber: line.customType === CUSTOM_TYPES.ADD_YOURS ? (line.customNumber ?? '') : '',
    ...letteringFrom((field) => line[field]),
    patchIds: line.patches.map((p) => p.id),
    addonIds: line.addonItems.map((a) => a.id),
  };
}

/** The print's request fields (only what its type prints, as the configurator sends a cart line). */
export function printRequestOf(values: PrintValues) {
  return printToRequest({
    customType: values.customType ?? CUSTOM_TYPES.BLANK,
    playerId: values.playerId ?? null,
    customName: normaliseCustomName(values.customName ?? ''),
    customNumber: normaliseCustomNumber(values.customNumber ?? ''),
    ...letteringFrom((field) => values[field] ?? 'Standard'),
    patchIds: [...(values.patchIds ?? [])].sort((a, b) => a - b),
    addonIds: [...(values.addonIds ?? [])].sort((a, b) => a - b),
  });
}
