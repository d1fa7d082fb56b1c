import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../../src/domain/account.model.ts';
import { ADMIN_ROUTES, CONSTANT_ROUTES, homeFor, routesFor } from '../../../../src/domain/back-office/routes.model.ts';
import { PERMISSIONS, PERMISSION_VALUES, hasPermission, isStaff, permissionsOf } from '../../../../src/domain/back-office/staff.model.ts';

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
