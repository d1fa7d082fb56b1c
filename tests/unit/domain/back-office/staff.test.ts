import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../src/domain/account.model.ts';
import { ADMIN_ROUTES, CONSTANT_ROUTES, homeFor, routesFor } from '../../../../src/domain/back-office/routes.model.ts';
import { CUSTOM_ROLE_PERMISSIONS, PERMISSIONS, PERMISSION_VALUES, hasPermission, isCustomRole, isStaff, permissionsOf } from '../../../../src/domain/back-office/staff.model.ts';

describe('staff permissions', () => {
  it('give R_SUPER every code, R_ADMIN operations without refunds, overrides, audit or staff, customers none', () => {
    expect(permissionsOf([ROLES.SUPER])).toEqual(PERMISSION_VALUES);
    const admin = permissionsOf([ROLES.ADMIN]);
    expect(admin).toContain(PERMISSIONS.ORDER_MOVE);
    expect(admin).toContain(PERMISSIONS.ORDER_SHEET);
    for (const superOnly of [PERMISSIONS.ORDER_REFUND, PERMISSIONS.ORDER_OVERRIDE, PERMISSIONS.AUDIT_VIEW, PERMISSIONS.STAFF_MANAGE]) expect(admin).not.toContain(superOnly);
    expect(permissionsOf([ROLES.CUSTOMER])).toEqual([]);
    expect(permissionsOf(['R_UNKNOWN'])).toEqual([]);
  });

  it('join the codes of several roles without repeating one', () => {
    expect(permissionsOf([ROLES.CUSTOMER, ROLES.ADMIN, ROLES.ADMIN])).toEqual(permissionsOf([ROLES.ADMIN]));
    expect(hasPermission({ codes: permissionsOf([ROLES.CUSTOMER, ROLES.SUPER]) }, PERMISSIONS.STAFF_MANAGE)).toBe(true);
    expect(hasPermission({ codes: permissionsOf([ROLES.ADMIN]) }, PERMISSIONS.STAFF_MANAGE)).toBe(false);
    expect(isStaff([ROLES.CUSTOMER])).toBe(false);
    expect(isStaff([ROLES.CUSTOMER, ROLES.ADMIN])).toBe(true);
  });
});

describe('custom roles', () => {
  const packers = { key: 'C_7', codes: ['order:sheet', 'order:view'] };
  const writers = { key: 'C_8', codes: ['page:edit'] };

  it('add the codes of the custom roles the account holds, in PERMISSION_VALUES order, and of no other', () => {
    expect(permissionsOf(['R_CUSTOMER', 'C_7'], [], [packers, writers])).toEqual(['order:view', 'order:sheet']);
    expect(permissionsOf(['C_7', 'C_8'], [], [packers, writers])).toEqual(['order:view', 'order:sheet', 'page:edit']);
    expect(permissionsOf(['R_CUSTOMER'], [], [packers, writers])).toEqual([]);
    // A definition whose key is not a custom role's gives nothing, even when the roles name it.
    expect(permissionsOf(['R_CUSTOMER'], [], [{ key: 'R_CUSTOMER', codes: ['order:view'] }])).toEqual([]);
  });

  it('never take an owner-only or unknown code from a custom role, whatever its row says', () => {
    expect(permissionsOf(['C_7'], [], [{ key: 'C_7', codes: ['staff:manage', 'customer:erase', 'order:fly', 'order:view'] }])).toEqual(['order:view']);
    expect(CUSTOM_ROLE_PERMISSIONS).not.toContain(PERMISSIONS.STAFF_MANAGE);
    expect(CUSTOM_ROLE_PERMISSIONS).not.toContain(PERMISSIONS.CUSTOMER_ERASE);
    expect(CUSTOM_ROLE_PERMISSIONS).toHaveLength(PERMISSION_VALUES.length - 2);
  });

  it('make the holder staff, so grants count; a customer holding none stays a customer', () => {
    expect(isStaff(['R_CUSTOMER', 'C_7'])).toBe(true);
    expect(isStaff(['R_CUSTOMER', 'C_x', 'C_0', 'c_7'])).toBe(false);
    expect(permissionsOf(['C_8'], ['order:refund'], [writers])).toEqual(['order:refund', 'page:edit']);
    expect(permissionsOf(['R_CUSTOMER'], ['order:refund'], [writers])).toEqual([]);
    expect(isCustomRole('C_12')).toBe(true);
    expect(isCustomRole('R_ADMIN')).toBe(false);
  });
});

describe('back-office routes', () => {
  it('have unique names and paths', () => {
    expect(new Set(ADMIN_ROUTES.map((route) => route.name)).size).toBe(ADMIN_ROUTES.length);
    expect(new Set(ADMIN_ROUTES.map((route) => route.path)).size).toBe(ADMIN_ROUTES.length);
  });

  it('open the sign-in, invite-accept and error screens to everyone, and nothing else to a customer', () => {
    expect(CONSTANT_ROUTES.map((route) => route.name).sort()).toEqual(['403', '404', '500', 'invite', 'login']);
    expect(routesFor(permissionsOf([ROLES.CUSTOMER]))).toEqual([]);
    expect(homeFor(permissionsOf([ROLES.CUSTOMER]))).toBeNull();
  });

  it('give each role the screens its codes allow, home first', () => {
    const admin = routesFor(permissionsOf([ROLES.ADMIN])).map((route) => route.name);
    expect(admin).toContain('orders');
    expect(admin).not.toContain('staff');
    expect(admin).not.toContain('audit');
    expect(routesFor(permissionsOf([ROLES.SUPER])).map((route) => route.name)).toEqual(expect.arrayContaining(['staff', 'audit', 'orders', 'dashboard']));
    expect(homeFor(permissionsOf([ROLES.ADMIN]))).toBe('dashboard');
  });
});
