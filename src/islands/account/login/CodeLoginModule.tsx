/**
 * The login page's code-login module: email, "send code" (a 6-digit code by mail under the reset
 * code's rules), the code, and sign in. Signing in then goes as with the password
 * (stores/account.ts `signInWithCode`, ./signed-in.ts).
 */
import { codeLoginRequestSchema, type CodeLoginRequest } from '../../../domain/account.schema.ts';
import { sendLoginCode, signInWithCode } from '../../../stores/account.ts';
import { CodeFields } from '../CodeFields.tsx';
import { SignInModule, useSignInForm } from './SignInModule.tsx';

interface Values extends Record<string, unknown> {
  email: string;
  code: string;
}

export default function CodeLoginModule() {
  const form = useSignInForm<Values, CodeLoginRequest>({
    initial: { email: '', code: '' },
    schema: codeLoginRequestSchema,
    signIn: (data) => signInWithCode(data.email, data.code),
  });

  return (
    <SignInModule method="code-login" form={form}>
      <CodeFields idPrefix="code-login" form={form} sendCode={sendLoginCode} />
    </SignInModule>
  );
}
