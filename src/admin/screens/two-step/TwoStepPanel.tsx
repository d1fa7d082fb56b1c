/**
 * The caller's own two-step sign-in (docs/back-office.md "Two-step sign-in"): off -> set up (the
 * server's QR code and the key to type, then a current code turns it on and the ten recovery codes
 * are shown once); on -> how many recovery codes are left, and "turn off" with a current code.
 * Shown from the user menu, and alone when the owner requires it and the caller has none.
 */
import { App, Alert, Button, Form, Input, Space, Tag, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { twoFactorApi } from '../../../domain/api/admin/two-factor.ts';
import type { TwoFactorEnrolment } from '../../../domain/back-office/two-factor.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useWrite } from '../../widgets/write.ts';

const SIX_DIGITS = /^\d{6}$/;

/** The 6-digit field both steps use: digits only, the phone's one-time-code keyboard and autofill. */
export function CodeField({ name = 'code', label }: { name?: string; label: string }) {
  const { t } = useT();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, pattern: SIX_DIGITS, message: t('adminTwoStep.codeInvalid') }]} normalize={(value: string) => value.replace(/\D/g, '').slice(0, 6)}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 160 }} data-testid="two-step-code" />
    </Form.Item>
  );
}

/** A current code asked for, sent once valid, the field emptied, then what follows (turning on, turning off). */
function CodeForm<T>({ form, send, then, label, button, children }: { form: FormInstance<{ code: string }>; send: (code: string) => Promise<T>; then: (answer: T) => void; label: string; button: ReactNode; children: ReactNode }) {
  const write = useWrite();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) =>
        void write(async () => {
          const answer = await send(code);
          form.resetFields();
          then(answer);
        })
      }
    >
      {children}
      <CodeField label={label} />
      {button}
    </Form>
  );
}

export function TwoStepPanel({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const status = useApiQuery(twoFactorApi.status);
  const start = useApiMutation(twoFactorApi.start);
  const confirm = useApiMutation(twoFactorApi.confirm, [twoFactorApi.status]);
  const disable = useApiMutation(twoFactorApi.disable, [twoFactorApi.status]);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [form] = Form.useForm<{ code: string }>();

  if (recoveryCodes) {
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="two-step-recovery">
        <Typography.Title level={5}>{t('adminTwoStep.codesTitle')}</Typography.Title>
        <Alert type="warning" showIcon message={t('adminTwoStep.codesHelp')} />
        <ol className="admin-two-step-codes" data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <Typography.Text code copyable={{ text: code }}>
                {code}
              </Typography.Text>
            </li>
          ))}
        </ol>
        <Button
          type="primary"
          onClick={() => {
            setRecoveryCodes(null);
            onEnabled?.();
          }}
        >
          {t('adminTwoStep.codesSaved')}
        </Button>
      </Space>
    );
  }

  const state = status.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="two-step-panel">
      <Typography.Paragraph type="secondary">{t('adminTwoStep.intro')}</Typography.Paragraph>
      {state && (
        <Space wrap>
          <Tag color={state.enabled ? 'green' : 'default'} data-testid="two-step-state">
            {state.enabled ? t('adminTwoStep.on') : t('adminTwoStep.off')}
          </Tag>
          {state.enabled && <Typography.Text type="secondary">{t('adminTwoStep.codesLeft', { count: state.recoveryCodesLeft })}</Typography.Text>}
        </Space>
      )}
      {state?.required && <Alert type="info" showIcon message={state.enabled ? t('adminTwoStep.requiredNote') : t('adminTwoStep.mustEnrol')} />}
      {state && !state.enabled && !enrolment && (
        <Button type="primary" loading={start.isPending} onClick={() => void write(async () => setEnrolment(await start.mutateAsync(undefined)))} data-testid="two-step-start">
          {t('adminTwoStep.setUp')}
        </Button>
      )}
      {state && !state.enabled && enrolment && (
        <CodeForm
          form={form}
          send={(code) => confirm.mutateAsync({ code })}
          then={(answer) => {
            setEnrolment(null);
            setRecoveryCodes(answer.recoveryCodes);
            void message.success(t('adminTwoStep.turnedOn'));
          }}
          label={t('adminTwoStep.enterCode')}
          button={
            <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="two-step-confirm">
              {t('adminTwoStep.confirm')}
            </Button>
          }
        >
          <Typography.Text strong>{t('adminTwoStep.scan')}</Typography.Text>
          <img className="admin-two-step-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={t('adminTwoStep.qrAlt')} width={200} height={200} />
          <Typography.Paragraph>
            {t('adminTwoStep.manual')}{' '}
            <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="two-step-secret" className="admin-two-step-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </CodeForm>
      )}
      {state?.enabled && !state.required && (
        <CodeForm
          form={form}
          send={(code) => disable.mutateAsync({ code })}
          then={() => void message.success(t('adminTwoStep.turnedOff'))}
          label={t('adminTwoStep.code')}
          button={
            <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-step-disable">
              {t('adminTwoStep.turnOff')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('adminTwoStep.turnOffHelp')}</Typography.Paragraph>
        </CodeForm>
      )}
    </Space>
  );
}
