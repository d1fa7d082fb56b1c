/**
 * The login page's module switching (domain/login-modules.ts): the modules' links are real
 * addresses (`?module=register&redirect=...`), so they work before hydration and open in a new
 * tab; a plain click switches in place and records the address in the history.
 */
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import type { LoginModule } from '../../../domain/login-modules.ts';

export interface ModuleSwitch {
  /** The shop's root in the page's language: where a sign-in goes without a `redirect`. */
  root: string;
  /** The address of `module`, keeping the page's `redirect`. */
  href(module: LoginModule): string;
  /** Shows `module` and puts its address in the history. */
  go(module: LoginModule): void;
}

export const ModuleContext = createContext<ModuleSwitch>({ root: '/', href: () => '', go: () => {} });

export function useModules(): ModuleSwitch {
  return useContext(ModuleContext);
}

/** A link to another module of the page. */
export function ModuleLink({ to, children, className, current }: { to: LoginModule; children: ReactNode; className?: string; current?: boolean }) {
  const modules = useModules();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    modules.go(to);
  };
  return (
    <a href={modules.href(to)} onClick={onClick} className={className} aria-current={current ? 'page' : undefined} data-module-link={to}>
      {children}
    </a>
  );
}
