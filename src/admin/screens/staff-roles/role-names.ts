/**
 * What the Roles and Staff screens call roles and codes: a built-in role by the app's words, a
 * custom one by the name the owner gave it (its key while the list loads), a code by its label in
 * the back office's language; and codes grouped by area, so a role's twenty codes read as a few lines.
 */
import { PERMISSION_VALUES, type Permission, type StaffRole } from '../../../domain/back-office/staff.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useT } from '../../i18n.tsx';

export const CODE_AREAS = ['orders', 'catalogue', 'customers', 'marketing', 'system'] as const;
export type CodeArea = (typeof CODE_AREAS)[number];

/** A code's area by what it acts on (the part before the colon). */
const AREA_OF: Record<string, CodeArea> = {
  dashboard: 'orders',
  order: 'orders',
  return: 'orders',
  product: 'catalogue',
  team: 'catalogue',
  nav: 'catalogue',
  customer: 'customers',
  review: 'customers',
  newsletter: 'customers',
  coupon: 'marketing',
  page: 'marketing',
  site: 'marketing',
};

export function areaOf(code: Permission): CodeArea {
  return AREA_OF[code.split(':')[0]!] ?? 'system';
}

/** The codes by area, areas in CODE_AREAS order and codes in PERMISSION_VALUES order; empty areas left out. */
export function codeAreas(codes: readonly Permission[]): { area: CodeArea; codes: Permission[] }[] {
  return CODE_AREAS.map((area) => ({ area, codes: PERMISSION_VALUES.filter((code) => codes.includes(code) && areaOf(code) === area) })).filter((group) => group.codes.length > 0);
}

export function useRoleNames(roles: readonly StaffRole[] | undefined) {
  const { t } = useT();
  const roleName = (key: string) => {
    const custom = roles?.find((role) => role.key === key && !role.builtIn);
    return custom ? custom.name : key.startsWith('R_') ? t(`admin.staff.roleNames.${key}` as MessageKey) : key;
  };
  const codeName = (code: string) => t(`adminRoles.codeNames.${code}` as MessageKey);
  return { roleName, codeName };
}
