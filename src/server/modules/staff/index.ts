/**
 * The staff module: staff accounts' roles and state (rows of accounts' users table), the demo
 * staff accounts, the staff and /route/* calls. The admin command (scripts/admin.ts) uses it too.
 */
export { DEMO_ACCOUNTS, demoAccountsShown, seedDemoStaff } from './demo.ts';
export { StaffDesk, lockStaff, staffMember, type NewStaff } from './staff-desk.ts';
export { StaffRoleDesk, type RoleInput } from './roles-desk.ts';
export { staffRoutes } from './routes.ts';
export { StaffInvites, INVITE_ACTIONS, type InviteDeps } from './invites.ts';
export { inviteRoutes } from './invite-routes.ts';
export { StaffSessionsDesk } from './staff-sessions.ts';
export { sessionRoutes } from './session-routes.ts';
