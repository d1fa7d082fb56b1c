/**
 * What every settings section is built of: its card with when it was last saved, its form filled
 * with the saved values (again whenever they change on the server), and its save through the one
 * settings call (the server checks it again and writes the audit row).
 */
import { App, Button, Card, Form, Typography, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { adminSettingsApi } from '../../../domain/api/admin/settings.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useWrite } from '../../widgets/write.ts';
import { serverIssues } from '../field-errors.ts';

export type SaveRequest = Parameters<ReturnType<typeof useApiMutation<typeof adminSettingsApi.saveSettings>>['mutateAsync']>[0];

/** Saves one section; the server's field errors go to the form's fields (`body.value.x.y` -> `x.y`). */
export function useSectionSave<V>(form: FormInstance<V> | null) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const save = useApiMutation(adminSettingsApi.saveSettings, [adminSettingsApi.settings]);
  /** Answers whether the section was saved; `done` is what the user is told then (default: saved, in use now). */
  const run = async (request: SaveRequest, fieldOf: (path: string[]) => (string | number)[] = (p) => p, done?: string): Promise<boolean> =>
    write(
      async () => {
        await save.mutateAsync(request);
        void message.success(done ?? t('adminMarketing.settings.saved'));
      },
      (refusal) => form?.setFields(serverIssues(refusal).map((issue) => ({ name: fieldOf(issue.path.split('.').slice(2)) as never, errors: [issue.message] }))),
    );
  return { run, saving: save.isPending };
}

/**
 * Puts a section's saved values back into its form when they change on the server (its own save,
 * or another owner's), keyed by the section's value so that saving one section leaves the others'
 * unsaved edits alone.
 */
function useSaved<V>(form: FormInstance<V>, values: V, section: unknown): void {
  const key = JSON.stringify(section);
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => form.setFieldsValue(latest.current as never), [form, key]);
}

export function Section({ title, extra, savedAt, children, testId }: { title: string; extra?: ReactNode; savedAt: string | null; children: ReactNode; testId: string }) {
  const { t, locale } = useT();
  return (
    <Card
      className="admin-settings-section"
      title={title}
      extra={extra}
      data-testid={testId}
      actions={[
        <Typography.Text type="secondary" key="saved">
          {savedAt ? t('adminMarketing.settings.savedAt', { at: new Date(savedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) }) : t('adminMarketing.settings.defaults')}
        </Typography.Text>,
      ]}
    >
      {children}
    </Card>
  );
}

export function SaveButton({ saving, testId }: { saving: boolean; testId: string }) {
  const { t } = useT();
  return (
    <Button type="primary" htmlType="submit" loading={saving} data-testid={testId}>
      {t('adminMarketing.settings.save')}
    </Button>
  );
}

/** A section's form: created, filled with the saved values (again whenever they change on the server), saved on its own; `savedAt` is when the settings last were. */
export function useSectionForm<V>(initial: V, saved: unknown, savedAt: string | null) {
  const [form] = Form.useForm<V>();
  const { run, saving } = useSectionSave(form);
  useSaved(form, initial, saved);
  return { form, initial, run, saving, savedAt };
}

export interface SectionFormProps<V> {
  section: { form: FormInstance<V>; initial: V; saving: boolean; savedAt: string | null };
  title: string;
  /** Names the section in its test ids: `settings-<name>` on the card, `<name>-save` on its button. */
  testName: string;
  onFinish: (values: V) => void;
  /** Default: labels above their fields. */
  layout?: 'horizontal' | 'vertical';
  /** The save button in its own row, apart from the fields. */
  saveApart?: boolean;
  children: ReactNode;
}

/** A settings section: its card, its form with the saved values, and its save button last. */
export function SectionForm<V>({ section, title, testName, onFinish, layout = 'vertical', saveApart = false, children }: SectionFormProps<V>) {
  const save = <SaveButton saving={section.saving} testId={`${testName}-save`} />;
  return (
    <Section title={title} savedAt={section.savedAt} testId={`settings-${testName}`}>
      <Form<V> form={section.form} {...(layout === 'vertical' ? { layout } : {})} initialValues={section.initial as never} onFinish={onFinish}>
        {children}
        {saveApart ? <div className="admin-settings-actions">{save}</div> : save}
      </Form>
    </Section>
  );
}

/** The storefront banner's strip as one language would show it (the banner's and the tiers' previews). */
export function BannerPreview({ lang, testId, hidden, children }: { lang: 'en-US' | 'zh-CN'; testId: string; hidden?: boolean; children: ReactNode }) {
  return (
    <div className="admin-banner-preview" lang={lang} data-testid={testId}>
      <small>{lang}</small>
      <div className="admin-banner-strip" aria-hidden={hidden}>
        {children}
      </div>
    </div>
  );
}
