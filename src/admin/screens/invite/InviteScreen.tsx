/**
 * A staff invite's accept page (docs/back-office.md "Inviting staff"), opened signed out from the
 * mailed link (`/admin/invite?token=...`): a new member chooses a name and password; an email that
 * has an account already enters that account's password instead. Then it signs in like the login
 * page, and the back office takes over (the owner's two-step requirement shows its set-up first).
 * A dead link (expired, used, withdrawn) gets the server's one answer and a way to the sign-in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call, isApiError } from '../../../client/http.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/account.model.ts';
import { accountsApi } from '../../../domain/api/accounts.ts';
import { invitesApi } from '../../../domain/api/admin/invites.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { setSession } from '../../../stores/session.ts';
import { queryKey } from '../../api.ts';
import { Brand } from '../../frame/Brand.tsx';
import { useT } from '../../i18n.tsx';
import { useFormWrite } from '../field-errors.ts';

interface AcceptForm {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

export default function InviteScreen() {
  const { t, locale } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<AcceptForm>();
  const write = useFormWrite(form, ['firstName', 'lastName', 'password', 'confirmPassword']);
  const [busy, setBusy] = useState(false);
  const view = useQuery({
    queryKey: queryKey(invitesApi.view, { token }),
    queryFn: ({ signal }) => call(invitesApi.view, { token }, { signal, silent: true }),
    enabled: token.length > 0,
    staleTime: Infinity,
  });

  const signIn = async (email: string, password: string) => {
    try {
      setSession(await call(accountsApi.login, { username: email, password }, { silent: true }));
      client.setQueryData(queryKey(accountsApi.userInfo), await call(accountsApi.userInfo));
      navigate('/', { replace: true });
    } catch {
      // An account with two-step sign-in already (a member joining again): the login page asks for its code.
      navigate('/login', { replace: true });
    }
  };

  const submit = async (values: AcceptForm) => {
    if (!view.data) return;
    setBusy(true);
    const email = view.data.email;
    await write(async () => {
      if (view.data.hasAccount) await call(invitesApi.join, { token, password: values.password });
      else await call(invitesApi.accept, { token, ...values });
      await signIn(email, values.password);
    });
    setBusy(false);
  };

  const dead = (text: string) => (
    <Result
      status="warning"
      title={t('adminInvites.accept.dead')}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('adminInvites.accept.toLogin')}
        </Button>
      }
      data-testid="invite-dead"
    />
  );

  let body;
  if (!token) body = dead(t('adminInvites.accept.missing'));
  else if (view.isPending) body = <Spin />;
  else if (view.isError) body = dead(isApiError(view.error) ? view.error.msg : t('adminInvites.accept.deadHelp'));
  else {
    const invite = view.data;
    const role = t(`admin.staff.roleNames.${invite.role}` as MessageKey);
    const required = { required: true, message: t('admin.login.required') };
    body = (
      <>
        <Typography.Title level={3}>{t('adminInvites.accept.title', { shop: invite.shop })}</Typography.Title>
        <Typography.Paragraph type="secondary">{t(invite.hasAccount ? 'adminInvites.accept.joinIntro' : 'adminInvites.accept.intro', { role, email: invite.email })}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('adminInvites.accept.expires', { date: new Date(invite.expiresAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy} data-testid="invite-form">
          {/* For password managers: the account the password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={invite.email} readOnly hidden />
          {invite.hasAccount ? (
            <Form.Item name="password" label={t('adminInvites.accept.currentPassword')} rules={[required]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="firstName" label={t('adminInvites.accept.firstName')} rules={[{ ...required, whitespace: true }]}>
                <Input autoComplete="given-name" maxLength={50} />
              </Form.Item>
              <Form.Item name="lastName" label={t('adminInvites.accept.lastName')} rules={[{ ...required, whitespace: true }]}>
                <Input autoComplete="family-name" maxLength={50} />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('adminInvites.accept.password')}
                extra={t('adminInvites.accept.passwordHint')}
                rules={[required, { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('adminInvites.accept.passwordHint') }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('adminInvites.accept.confirm')}
                dependencies={['password']}
                rules={[required, ({ getFieldValue }) => ({ validator: async (_rule, value) => (!value || value === getFieldValue('password') ? undefined : Promise.reject(new Error(t('adminInvites.accept.mismatch')))) })]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('adminInvites.accept.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <main className="admin-login">
      <Card className="admin-login-card" data-testid="invite-screen">
        <Brand collapsed={false} height={56} />
        {body}
      </Card>
    </main>
  );
}
