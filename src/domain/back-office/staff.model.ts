/**
 * Staff and what each role may do in the back office (docs/back-office.md "Roles and permission
 * codes"). The server checks a route's code itself; the codes a caller holds are the `buttons` of
 * getUserInfo, which decide what the back office shows.
 */
import { ROLES, type AccountStatus, type Role } from '../account.model.ts';

export const PERMISSIONS = {
  DASHBOARD_VIEW: 'dashboard:view',
  ORDER_VIEW: 'order:view',
  ORDER_EXPORT: 'order:export',
  ORDER_NOTE: 'order:note',
  /** Paid -> in production -> shipped -> delivered. */
  ORDER_MOVE: 'order:move',
  /** Cancelling an order whose items are not yet in production. */
  ORDER_CANCEL: 'order:cancel',
  ORDER_SHEET: 'order:sheet',
  ORDER_REFUND: 'order:refund',
  /** Cancelling or refunding personalised items once in production, with a reason. */
  ORDER_OVERRIDE: 'order:override',
  /** Changing a paid order before production (a line's print or size, the address, the shipping), and waiving the extra payment it asks for, with a reason. */
  ORDER_EDIT: 'order:edit',
  /** Placing an order for a customer or a guest email (a phone or mail order, a free replacement), and sending its payment link. */
  ORDER_CREATE: 'order:create',
  /** Setting a staff order's line price by hand, with a reason (owners, and staff they grant it to). */
  ORDER_PRICE: 'order:price',
  /** Marking a staff order paid outside PayPal (bank transfer, cash), with method, reference and reason. */
  ORDER_PAY_OFFLINE: 'order:pay-offline',
  /** The Returns screen: approving, declining, receiving and resolving returns and misprint claims (a refund also takes order:refund). */
  RETURN_MANAGE: 'return:manage',
  AUDIT_VIEW: 'audit:view',
  STAFF_MANAGE: 'staff:manage',
  /** Rebuilding every page of the static site by hand. */
  SITE_BUILD: 'site:build',
  /** The products table and editor, read only. */
  PRODUCT_VIEW: 'product:view',
  /** Create, edit, duplicate, prices, stock (bulk and CSV), images. */
  PRODUCT_EDIT: 'product:edit',
  /** Put a product on sale or take it off. */
  PRODUCT_PUBLISH: 'product:publish',
  /** The catalogue file's import: creates, changes, publishes and unpublishes many products at once. */
  PRODUCT_IMPORT: 'product:import',
  /** Teams' squads and patches. */
  TEAM_EDIT: 'team:edit',
  NAV_EDIT: 'nav:edit',
  CUSTOMER_VIEW: 'customer:view',
  /** Disabling and enabling a customer account. */
  CUSTOMER_EDIT: 'customer:edit',
  /** Erasing a customer's account and personal data (R_SUPER). */
  CUSTOMER_ERASE: 'customer:erase',
  REVIEW_MODERATE: 'review:moderate',
  NEWSLETTER_MANAGE: 'newsletter:manage',
  /** Shipping rates, free shipping, banner, exchange rates, merchant address: they reprice every cart, so owners only. */
  SETTINGS_EDIT: 'settings:edit',
  /** Create, edit and expire coupons. */
  COUPON_EDIT: 'coupon:edit',
  /** The Pages screen: edit the content pages (policies, help, new pages), keep versions, restore one. */
  PAGE_EDIT: 'page:edit',
  /** Put a content page's saved version live on the storefront (rebuilds that page). */
  PAGE_PUBLISH: 'page:publish',
  /** Sending a failed or waiting mail again from the dashboard's outbox card. */
  MAIL_RETRY: 'mail:retry',
  /** The tax report and its CSV (docs/taxes.md "What the merchant declares"): the shop's turnover per country, so owners only. */
  REPORT_TAX: 'report:tax',
  /** The Reports screen and its CSV (docs/back-office.md "Reports"): sales, refunds and what sold where, so owners only, like report:tax. */
  REPORT_SALES: 'report:sales',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const PERMISSION_VALUES = Object.values(PERMISSIONS) as Permission[];

/** The built-in roles that may open the back office; custom roles (isCustomRole) open it too. */
export const STAFF_ROLES: readonly Role[] = [ROLES.SUPER, ROLES.ADMIN];

/**
 * A custom role's key: `C_` and its row id, given by the server, so it can never be taken for a
 * built-in role (all `R_...`) nor for another custom role, and renaming a role keeps its holders.
 */
export const CUSTOM_ROLE_KEY = /^C_[1-9][0-9]{0,9}$/;

export function isCustomRole(role: string): boolean {
  return CUSTOM_ROLE_KEY.test(role);
}

/**
 * Codes no custom role may carry (docs/back-office.md "Roles and permission codes"): staff:manage
 * makes and gives roles, so whoever held it could give themselves R_SUPER; customer:erase wipes a
 * customer's data for good. Both stay with R_SUPER, whom only another owner can make.
 */
export const OWNER_ONLY_PERMISSIONS: readonly Permission[] = [PERMISSIONS.STAFF_MANAGE, PERMISSIONS.CUSTOMER_ERASE];

/** The codes a custom role may carry, in PERMISSION_VALUES order. */
export const CUSTOM_ROLE_PERMISSIONS: readonly Permission[] = PERMISSION_VALUES.filter((code) => !OWNER_ONLY_PERMISSIONS.includes(code));

export function isCustomRoleCode(code: string): code is Permission {
  return (CUSTOM_ROLE_PERMISSIONS as readonly string[]).includes(code);
}

/** What resolving codes needs of a custom role: its key and the codes it carries. */
export interface RoleCodes {
  key: string;
  codes: readonly string[];
}

const ADMIN_PERMISSIONS: readonly Permission[] = [
  PERMISSIONS.DASHBOARD_VIEW,
  PERMISSIONS.ORDER_VIEW,
  PERMISSIONS.ORDER_EXPORT,
  PERMISSIONS.ORDER_NOTE,
  PERMISSIONS.ORDER_MOVE,
  PERMISSIONS.ORDER_CANCEL,
  PERMISSIONS.ORDER_SHEET,
  PERMISSIONS.ORDER_EDIT,
  PERMISSIONS.ORDER_CREATE,
  PERMISSIONS.RETURN_MANAGE,
  PERMISSIONS.PRODUCT_VIEW,
  PERMISSIONS.PRODUCT_EDIT,
  PERMISSIONS.PRODUCT_PUBLISH,
  PERMISSIONS.PRODUCT_IMPORT,
  PERMISSIONS.TEAM_EDIT,
  PERMISSIONS.NAV_EDIT,
  PERMISSIONS.CUSTOMER_VIEW,
  PERMISSIONS.CUSTOMER_EDIT,
  PERMISSIONS.REVIEW_MODERATE,
  PERMISSIONS.NEWSLETTER_MANAGE,
  PERMISSIONS.COUPON_EDIT,
  PERMISSIONS.PAGE_EDIT,
  PERMISSIONS.PAGE_PUBLISH,
  PERMISSIONS.MAIL_RETRY,
];

const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  [ROLES.SUPER]: PERMISSION_VALUES,
  [ROLES.ADMIN]: ADMIN_PERMISSIONS,
  [ROLES.CUSTOMER]: [],
};

/**
 * The codes an owner (staff:manage) may give one staff member beyond their role, one by one
 * (users.grants): money moves that a small shop trusts to named people, not to every admin.
 */
export const GRANTABLE_PERMISSIONS: readonly Permission[] = [PERMISSIONS.ORDER_REFUND, PERMISSIONS.ORDER_OVERRIDE, PERMISSIONS.ORDER_PRICE, PERMISSIONS.ORDER_PAY_OFFLINE];

export function isGrantable(code: string): code is Permission {
  return (GRANTABLE_PERMISSIONS as readonly string[]).includes(code);
}

/**
 * Every code the roles hold together, with the grants (only grantable codes, and only for staff:
 * a grant left on a demoted account gives nothing), in PERMISSION_VALUES order; unknown roles hold
 * none. `custom` are custom role definitions: those whose key the roles name add their codes (a
 * code no custom role may carry is never taken from one, whatever the row says).
 */
export function permissionsOf(roles: readonly string[], grants: readonly string[] = [], custom: readonly RoleCodes[] = []): Permission[] {
  const held = new Set<string>(roles.flatMap((role) => ROLE_PERMISSIONS[role as Role] ?? []));
  for (const role of custom) if (roles.includes(role.key) && isCustomRole(role.key)) for (const code of role.codes) if (isCustomRoleCode(code)) held.add(code);
  if (isStaff(roles)) for (const code of grants) if (isGrantable(code)) held.add(code);
  return PERMISSION_VALUES.filter((code) => held.has(code));
}

/**
 * Whose codes a check weighs: every code the caller holds, resolved once when the request was
 * authenticated (a session: its account's roles and grants; an API token: the codes it was made with).
 * Checks ask for codes, never role names.
 */
export interface CodesHeld {
  codes: readonly Permission[];
}

export function hasPermission(held: CodesHeld, code: Permission): boolean {
  return held.codes.includes(code);
}

/**
 * The staff member making a write, as the auth guard resolved them once per request: who the audit
 * row names (null id: the admin command run on the server) and the codes their roles and grants hold.
 */
export interface StaffCaller extends CodesHeld {
  actor: { id: number | null; email: string };
}

/**
 * Whether the roles open the back office: a built-in staff role or a custom one. Only staff:manage
 * gives custom roles (to keys that exist), so a customer's own roles never pass.
 */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((role) => STAFF_ROLES.includes(role as Role) || isCustomRole(role));
}

/** One row of the staff table (its requests are in staff.schema.ts). */
export interface StaffMember {
  userId: number;
  email: string;
  name: string;
  /** Built-in roles and custom role keys (`C_<id>`). */
  roles: string[];
  /** Grantable codes given to this member beyond their role (GRANTABLE_PERMISSIONS). */
  grants: Permission[];
  status: AccountStatus;
  createdAt: string;
}

/**
 * One role of the Roles screen: the built-in ones (read-only) and the owner's custom ones, with how
 * many accounts hold it.
 */
export interface StaffRole {
  key: string;
  builtIn: boolean;
  /** A custom role's name as the owner typed it; empty for a built-in (the app names those). */
  name: string;
  description: string;
  codes: Permission[];
  holders: number;
}
