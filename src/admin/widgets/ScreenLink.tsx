/**
 * A link to another back-office screen: its real address in `href` (so it can be copied or opened
 * in a new tab from the browser's menu), a click opening the screen in the app instead.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

const ADMIN_BASE = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/admin`;

/** `to` is the app's path ("/orders/JS-1"); `onOpen` runs first (a drawer closing itself). */
export function ScreenLink({ to, onOpen, children }: { to: string; onOpen?: () => void; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={`${ADMIN_BASE}${to}`}
      onClick={(event) => {
        event.preventDefault();
        onOpen?.();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
