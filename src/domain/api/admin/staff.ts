/**
 * Staff (docs/back-office.md "Roles and permission codes"): who the caller is as staff, the login
 * page's demo accounts, and the staff table with its role, grant and status changes (staff:manage).
 */
import type { z } from 'zod';
import type { Page } from '../envelope.ts';
import type { LoginOptions } from '../../back-office/login.model.ts';
import type { StaffMember, StaffRole } from '../../back-office/staff.model.ts';
import type {
  staffGrantRequestSchema,
  staffListRequestSchema,
  staffRoleCreateSchema,
  staffRoleKeyRequestSchema,
  staffRoleRequestSchema,
  staffRoleUpdateSchema,
  staffSetRolesRequestSchema,
  staffStatusRequestSchema,
} from '../../back-office/staff.schema.ts';
import { get, post, type NoRequest } from '../endpoint.ts';

export const adminStaffApi = {
  ping: get<NoRequest, { pong: true; roles: string[] }>('/admin/ping'),
  /** Open to everyone: the login page's demo quick picks (none in production). */
  loginOptions: get<NoRequest, LoginOptions>('/admin/loginOptions'),
  staffList: post<z.input<typeof staffListRequestSchema>, Page<StaffMember>>('/admin/staff/list'),
  grantRole: post<z.input<typeof staffRoleRequestSchema>, StaffMember>('/admin/staff/grant'),
  revokeRole: post<z.input<typeof staffRoleRequestSchema>, StaffMember>('/admin/staff/revoke'),
  /** Gives or takes one grantable code (order:refund, ...) of a staff member other than the caller. */
  setGrant: post<z.input<typeof staffGrantRequestSchema>, StaffMember>('/admin/staff/setGrant'),
  setStaffStatus: post<z.input<typeof staffStatusRequestSchema>, StaffMember>('/admin/staff/setStatus'),
  /** Sets every staff role of an account other than the caller's, built-in and custom. */
  setStaffRoles: post<z.input<typeof staffSetRolesRequestSchema>, StaffMember>('/admin/staff/setRoles'),
  /** The Roles screen: the built-in roles (read-only) and the custom ones, with their codes and holders. */
  roleList: get<NoRequest, StaffRole[]>('/admin/staff/roles'),
  createRole: post<z.input<typeof staffRoleCreateSchema>, StaffRole>('/admin/staff/roles/create'),
  updateRole: post<z.input<typeof staffRoleUpdateSchema>, StaffRole>('/admin/staff/roles/update'),
  deleteRole: post<z.input<typeof staffRoleKeyRequestSchema>, null>('/admin/staff/roles/delete'),
};
