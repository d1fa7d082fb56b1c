/** What the back office's login page is offered before anyone signs in (docs/back-office.md). */
import type { Role } from '../account.model.ts';

/** The login page's quick picks: only while the demo data is seeded, never in production. */
export interface DemoAccount {
  role: Role;
  /** Key of its label in the `admin` namespace (login.demo.super, .admin, .user). */
  labelKey: string;
  email: string;
  password: string;
}

export interface LoginOptions {
  demoAccounts: DemoAccount[];
}
