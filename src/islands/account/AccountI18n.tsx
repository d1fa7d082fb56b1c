/** The props every account island gets from its page, and its i18n wrapper. */
import type { ReactNode } from 'react';
import type { Locale } from '../../domain/locale.ts';
import type { Messages } from '../../i18n/core.ts';
import { IslandI18n } from '../../i18n/react.tsx';

export interface AccountIslandProps {
  locale: Locale;
  /** `pickMessages(locale, ['account'])`. */
  messages: Partial<Messages>;
}

export function AccountI18n({ locale, messages, children }: AccountIslandProps & { children: ReactNode }) {
  return (
    <IslandI18n locale={locale} messages={messages}>
      {children}
    </IslandI18n>
  );
}
