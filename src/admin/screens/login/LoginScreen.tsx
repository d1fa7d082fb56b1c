/**
 * The back office's sign-in: email and password against the shop's login call (a staff account
 * with two-step sign-in answers 1428 and a challenge: then the authenticator code, or a recovery
 * code, docs/back-office.md "Two-step sign-in"), then the user info; staff go where they were heading (or the dashboard), with the specification's 4500 ms
 * "login succeeded" notice. The quick picks fill in demo accounts, only when the server lists
 * them (seeded demo data, never in production).
 */
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { CODES } from '../../../domain/api/envelope.ts';
import { twoFactorApi } from '../../../domain/api/admin/two-factor.ts';
import type { SecondStep } from '../../../domain/back-office/two-factor.ts';
import type { TokenPairAnswer } from '../../../domain/account.model.ts';
import { CodeField } from '../two-step/TwoStepPanel.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call, isApiError } from '../../../client/http.ts';
import { accountsApi } from '../../../domain/api/accounts.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { setSession } from '../../../stores/session.ts';
import { queryKey, useLoginOptions } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { Brand } from '../../frame/Brand.tsx';
import { useWrite } from '../../widgets/write.ts';

/** Section 9: the login notification's time on screen. */
const LOGIN_NOTICE_MS = 4500;

interface Credentials {
  username: string;
  password: string;
}

/** Only paths inside the app: a redirect parameter cannot send a signed-in user elsewhere. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}

export default function LoginScreen() {
  const { t } = useT();
  const { notification, message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const demo = useLoginOptions();
  const [step, setStep] = useState<SecondStep | null>(null);
  const [recovery, setRecovery] = useState(false);

  const signedIn = async (pair: TokenPairAnswer) => {
    setSession(pair);
    const user = await call(accountsApi.userInfo);
    client.setQueryData(queryKey(accountsApi.userInfo), user);
    notification.success({ title: t('admin.login.success'), description: t('admin.login.welcome', { userName: user.userName }), duration: LOGIN_NOTICE_MS / 1000 });
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const submit = async (values: Credentials) => {
    setBusy(true);
    // A refusal leaves the form as typed. Silent: the second step's 1428 is no error to toast.
    await write(async () => {
      try {
        await signedIn(await call(accountsApi.login, values, { silent: true }));
      } catch (error) {
        if (isApiError(error) && error.code === CODES.SECOND_STEP_NEEDED) {
          setStep(error.data as SecondStep);
          return;
        }
        if (isApiError(error)) void message.error(error.msg);
        throw error;
      }
    });
    setBusy(false);
  };

  const verify = async (values: { code?: string; recoveryCode?: string }) => {
    if (!step) return;
    setBusy(true);
    await write(async () => {
      const body = recovery ? { challenge: step.challenge, recoveryCode: values.recoveryCode ?? '' } : { challenge: step.challenge, code: values.code ?? '' };
      await signedIn(await call(twoFactorApi.login, body));
    });
    setBusy(false);
  };

  if (step) {
    return (
      <main className="admin-login">
        <Card className="admin-login-card" data-testid="two-step-login">
          <Brand collapsed={false} height={56} />
          <Typography.Title level={3}>{t('adminTwoStep.login.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{recovery ? t('adminTwoStep.login.recoveryHelp') : t('adminTwoStep.login.codeHelp')}</Typography.Paragraph>
          <Form key={recovery ? 'recovery' : 'code'} layout="vertical" onFinish={verify} requiredMark={false} disabled={busy}>
            {recovery ? (
              <Form.Item name="recoveryCode" label={t('adminTwoStep.login.recoveryCode')} rules={[{ required: true, whitespace: true, min: 10, message: t('adminTwoStep.login.recoveryInvalid') }]}>
                <Input autoComplete="off" spellCheck={false} data-testid="recovery-code" />
              </Form.Item>
            ) : (
              <CodeField label={t('adminTwoStep.code')} />
            )}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('adminTwoStep.login.submit')}
            </Button>
          </Form>
          <Space wrap className="admin-login-demo">
            <Button type="link" onClick={() => setRecovery(!recovery)} data-testid="two-step-switch">
              {recovery ? t('adminTwoStep.login.useCode') : t('adminTwoStep.login.useRecovery')}
            </Button>
            <Button
              type="link"
              onClick={() => {
                setStep(null);
                setRecovery(false);
              }}
            >
              {t('adminTwoStep.login.back')}
            </Button>
          </Space>
        </Card>
      </main>
    );
  }

  return (
    <main className="admin-login">
      <Card className="admin-login-card">
        <Brand collapsed={false} height={56} />
        <Typography.Title level={3}>{t('admin.login.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.login.subtitle')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item name="username" label={t('admin.login.email')} rules={[{ required: true, whitespace: true, message: t('admin.login.required') }]}>
            <Input autoComplete="username" type="email" />
          </Form.Item>
          <Form.Item name="password" label={t('admin.login.password')} rules={[{ required: true, message: t('admin.login.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('admin.login.submit')}
          </Button>
        </Form>
        {demo.data && demo.data.length > 0 && (
          <div className="admin-login-demo" data-testid="demo-accounts">
            <Typography.Text type="secondary">{t('admin.login.demo.title')}</Typography.Text>
            <Space wrap>
              {demo.data.map((account) => (
                <Button key={account.email} size="small" onClick={() => form.setFieldsValue({ username: account.email, password: account.password })}>
                  {t(`admin.${account.labelKey}` as MessageKey)}
                </Button>
              ))}
            </Space>
          </div>
        )}
      </Card>
    </main>
  );
}
