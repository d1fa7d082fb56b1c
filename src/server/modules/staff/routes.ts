/**
 * The staff calls of the back office (R_SUPER's staff:manage), the login page's demo quick picks,
 * and the dynamic route mode's /route/* calls (the route table filtered by the caller's roles and grants).
 */
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';
import { routeApi } from '../../../domain/api/admin/route.ts';
import { CONSTANT_ROUTES, homeFor, routesFor } from '../../../domain/back-office/routes.model.ts';
import { routeExistRequestSchema } from '../../../domain/back-office/routes.schema.ts';
import {
  staffGrantRequestSchema,
  staffListRequestSchema,
  staffRoleCreateSchema,
  staffRoleKeyRequestSchema,
  staffRoleRequestSchema,
  staffRoleUpdateSchema,
  staffSetRolesRequestSchema,
  staffStatusRequestSchema,
} from '../../../domain/back-office/staff.schema.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import type { Guards } from '../../http/auth.ts';
import { userOf } from '../../http/context.ts';
import { contractRoutes, staffCalls } from '../../http/define-route.ts';
import { ok } from '../../http/envelope.ts';
import type { Db } from '../../db/client.ts';
import { demoAccountsShown } from './demo.ts';
import type { StaffRoleDesk } from './roles-desk.ts';
import type { StaffDesk } from './staff-desk.ts';

/** Where a signed-in caller without any back-office screen lands: the 403 screen. */
const NO_ACCESS_HOME = '403';

export function staffRoutes(deps: { db: Db; staff: StaffDesk; roles: StaffRoleDesk; production: boolean }, guards: Guards) {
  const { staff, roles } = deps;
  return contractRoutes({ tags: ['admin'] }, (route) => {
    const manage = staffCalls(route, guards.requirePermission(PERMISSIONS.STAFF_MANAGE));
    route(adminStaffApi.loginOptions, {
      summary: "The back office login page's demo quick picks: only while the demo accounts are seeded, never in production",
      handler: async () => ok({ demoAccounts: await demoAccountsShown(deps.db, { production: deps.production }) }),
    });
    manage(adminStaffApi.staffList, 'Staff accounts (R_SUPER, R_ADMIN), searchable by email or name', staffListRequestSchema, ({ body }) => staff.list({ query: body.query }, body));
    manage(adminStaffApi.grantRole, 'Give an account a role; nothing changes when it holds it already', staffRoleRequestSchema, ({ body, actor }) => staff.grant(actor, body.email, body.role));
    manage(
      adminStaffApi.revokeRole,
      'Take a role from an account; nobody revokes their own R_SUPER, and the last active R_SUPER stays',
      staffRoleRequestSchema,
      ({ body, actor }) => staff.revoke(actor, body.email, body.role),
    );
    manage(
      adminStaffApi.setGrant,
      'Give or take one grantable code (order:refund, order:override, order:price, order:pay-offline) of another staff account; audited, effective on its next call',
      staffGrantRequestSchema,
      ({ body, actor }) => staff.setGrant(actor, body.userId, body.code, body.granted),
    );
    manage(
      adminStaffApi.setStaffStatus,
      'Disable or enable an account (a disabled one gets code 7777 on its next call); nobody disables themselves',
      staffStatusRequestSchema,
      ({ body, actor }) => staff.setStatus(actor, body.userId, body.status),
    );
    manage(
      adminStaffApi.setStaffRoles,
      "Set every staff role of another account (R_SUPER, R_ADMIN, custom roles' keys); its sessions end; the last active R_SUPER stays",
      staffSetRolesRequestSchema,
      ({ body, actor }) => staff.setRoles(actor, body.userId, body.roles),
    );
    manage(adminStaffApi.roleList, 'The staff roles: the built-in ones (read-only) and the custom ones, with their codes and how many accounts hold each', undefined, () => roles.list());
    manage(adminStaffApi.createRole, 'A custom role: a name, a description and permission codes (never staff:manage or customer:erase)', staffRoleCreateSchema, ({ body, actor }) =>
      roles.create(actor, body),
    );
    manage(adminStaffApi.updateRole, "Change a custom role; new codes end its holders' sessions; the built-in roles are refused", staffRoleUpdateSchema, ({ body, actor }) =>
      roles.update(actor, body.key, body),
    );
    manage(adminStaffApi.deleteRole, 'Delete a custom role nobody holds', staffRoleKeyRequestSchema, ({ body, actor }) => roles.remove(actor, body.key));

    route(routeApi.constantRoutes, {
      tags: ['admin'],
      summary: 'The back office routes open without signing in (login, 403, 404, 500)',
      handler: async () => ok([...CONSTANT_ROUTES]),
    });
    route(routeApi.userRoutes, {
      summary: "The back office routes the caller's roles may open, and the one they land on",
      preValidation: guards.requireUser,
      handler: async (request) => {
        const { codes } = userOf(request);
        return ok({ routes: routesFor(codes), home: homeFor(codes) ?? NO_ACCESS_HOME });
      },
    });
    route(routeApi.isRouteExist, {
      summary: 'Whether a route name is one the caller may open (constant routes included)',
      preValidation: guards.requireUser,
      request: routeExistRequestSchema,
      handler: async (request) => {
        const name = request.query.routeName;
        return ok(CONSTANT_ROUTES.some((r) => r.name === name) || routesFor(userOf(request).codes).some((r) => r.name === name));
      },
    });
  });
}
