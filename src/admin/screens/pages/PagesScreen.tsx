/**
 * Pages (page:edit; publishing takes page:publish): the shop's content pages, listed with where
 * each language's text comes from; a page's editor shows en-US and zh-CN side by side (stacked on
 * a phone) with the front matter fields, the markdown, its links checked as it is typed and a live
 * preview in the storefront's own styles. Save keeps a version; History shows each version's
 * changes and restores one; Publish puts the saved text live (docs/back-office.md "Pages").
 */
import { Alert, App, Button, Checkbox, Drawer, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminPagesApi } from '../../../domain/api/admin/pages.ts';
import { unsavedLocaleState, type PageDetail, type PageLocaleState, type PageSummary, type PageVersionSummary } from '../../../domain/back-office/pages.model.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import {
  CONTENT_DESCRIPTION_MAX,
  CONTENT_TITLE_MAX,
  brokenLinks,
  frontMatterProblems,
  headingAnchors,
  isIsoDate,
  previewHtml,
  slugProblem,
  type ContentPageText,
  type ContentProblem,
} from '../../../domain/content-pages.ts';
import { LOCALES, type Locale } from '../../../domain/locale.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import enBrowse from '../../../i18n/locales/en-US/browse.json';
import zhBrowse from '../../../i18n/locales/zh-CN/browse.json';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useMay } from '../../state/session.ts';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { useWrite } from '../../widgets/write.ts';
import { serverIssues } from '../field-errors.ts';
import { DiffView } from './DiffView.tsx';
import './pages.css';

/** The address the storefront writes for {{supportEmail}} (ContentArticle.astro's default). */
const SUPPORT_EMAIL: string = import.meta.env.PUBLIC_SUPPORT_EMAIL || 'support@jersey-shop.example';

/** The storefront's "last updated" line in the page's own language (the back office loads only its own messages). */
const UPDATED_LINE: Record<Locale, string> = { 'en-US': enBrowse.content.updated, 'zh-CN': zhBrowse.content.updated };

const LANGUAGE_KEYS: Record<Locale, MessageKey> = { 'en-US': 'admin.common.en', 'zh-CN': 'admin.common.zh' };

export default function PagesScreen() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('slug');
  const open = (next: string | null, created = false) => setParams(next ? { slug: next, ...(created ? { new: '1' } : {}) } : {});
  return slug ? <PageEditor slug={slug} created={params.get('new') === '1'} onBack={() => open(null)} /> : <PageList onOpen={open} />;
}

/** The messages are named as the problems are (`adminPages.errors.tooLong`), like the API's (page.*). */
function problemText(t: ReturnType<typeof useT>['t'], { problem, max }: ContentProblem): string {
  return t(`adminPages.errors.${problem}`, { max: max ?? 0 });
}

function PageList({ onOpen }: { onOpen: (slug: string, created?: boolean) => void }) {
  const { t } = useT();
  const list = useApiQuery(adminPagesApi.pageList, {});
  const [creating, setCreating] = useState(false);
  return (
    <div className="admin-screen" data-testid="pages-screen">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: '60rem' }}>
          {t('adminPages.intro')}
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="page-new">
          {t('adminPages.new')}
        </Button>
      </Space>
      <Table<PageSummary>
        rowKey="slug"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: list.isError ? t('admin.common.loadFailed') : undefined }}
        data-testid="pages-table"
        columns={[
          {
            key: 'slug',
            title: t('adminPages.page'),
            dataIndex: 'slug',
            render: (slug: string) => (
              <Typography.Link onClick={() => onOpen(slug)} data-testid={`page-open-${slug}`}>
                /{slug}/
              </Typography.Link>
            ),
          },
          ...LOCALES.map((locale) => ({
            key: locale,
            title: t(LANGUAGE_KEYS[locale]),
            render: (_v: unknown, page: PageSummary) => {
              const state = page.locales[locale];
              if (state.title === null) return <Typography.Text type="secondary">{t('adminPages.missing')}</Typography.Text>;
              return (
                <Space direction="vertical" size={2}>
                  <span>{state.title}</span>
                  <Space size={4} wrap>
                    <Tag color={state.source === 'backOffice' ? 'blue' : 'default'}>{t(`adminPages.sources.${state.source}` as MessageKey)}</Tag>
                    {state.unpublished && <Tag color="warning">{t('adminPages.unpublished')}</Tag>}
                    {state.repositoryChanged && <Tag color="error">{t('adminPages.repositoryChanged')}</Tag>}
                  </Space>
                </Space>
              );
            },
          })),
          { key: 'footer', title: t('adminPages.footer'), render: (_v, page) => (page.inFooter ? <Tag>{t('adminPages.inFooterTag')}</Tag> : null) },
          {
            key: 'actions',
            title: t('admin.common.actions'),
            render: (_v, page) => (
              <Button size="small" onClick={() => onOpen(page.slug)}>
                {t('adminPages.edit')}
              </Button>
            ),
          },
        ]}
      />
      {creating && (
        <NewPage
          taken={new Set((list.data ?? []).map((page) => page.slug))}
          onClose={() => setCreating(false)}
          onCreate={(slug) => {
            setCreating(false);
            onOpen(slug, true);
          }}
        />
      )}
    </div>
  );
}

function NewPage({ taken, onClose, onCreate }: { taken: ReadonlySet<string>; onClose: () => void; onCreate: (slug: string) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ slug: string }>();
  return (
    <Modal open title={t('adminPages.newTitle')} okText={t('adminPages.create')} cancelText={t('admin.common.cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={({ slug }) => onCreate(slug.trim())}>
        <Form.Item
          name="slug"
          label={t('adminPages.slug')}
          extra={t('adminPages.slugHelp')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const slug = (value ?? '').trim();
                const problem = slugProblem(slug);
                if (problem) throw new Error(problemText(t, problem));
                if (taken.has(slug)) throw new Error(t('adminPages.errors.taken'));
              },
            },
          ]}
        >
          <Input maxLength={60} autoFocus data-testid="page-slug" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PageEditor({ slug, created, onBack }: { slug: string; created: boolean; onBack: () => void }) {
  const { t } = useT();
  const may = useMay();
  const { message } = App.useApp();
  const ask = useConfirmedWrite();
  // A page being created is unknown to the server until its first save (the query's 404 is expected).
  const page = useApiQuery(adminPagesApi.page, { slug }, { silent: created });
  const list = useApiQuery(adminPagesApi.pageList, {});
  const publish = useApiMutation(adminPagesApi.publishPage, [adminPagesApi.page, adminPagesApi.pageList, adminPagesApi.pageVersions]);
  const detail: PageDetail | null = page.data ?? (created ? emptyPage(slug) : null);
  const isNew = created && !page.data;
  const unpublished = detail ? LOCALES.some((locale) => detail.locales[locale].unpublished) : false;

  const doPublish = () =>
    ask({ title: t('adminPages.publishTitle', { slug }), content: t('adminPages.publishConfirm'), done: t('adminPages.published') }, async () => {
      const result = await publish.mutateAsync({ slug });
      if (result.rebuild === 'all') void message.info(t('adminPages.publishedAll'));
    });

  return (
    <div className="admin-screen" data-testid="page-editor">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Button onClick={onBack}>{t('adminPages.back')}</Button>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
            /{slug}/
          </Typography.Title>
        </Space>
        {may(PERMISSIONS.PAGE_PUBLISH) && (
          <Button type="primary" disabled={!unpublished} loading={publish.isPending} onClick={doPublish} data-testid="page-publish">
            {unpublished ? t('adminPages.publish') : t('adminPages.nothingToPublish')}
          </Button>
        )}
      </Space>
      {page.isError && !created && !page.data && <Alert type="error" showIcon message={t('adminPages.loadFailed')} />}
      {detail && (
        <div className="admin-pages-locales">
          {LOCALES.map((locale) => (
            <LocaleEditor key={`${locale}:${detail.locales[locale].savedVersionId ?? 'file'}`} slug={slug} locale={locale} state={detail.locales[locale]} isNew={isNew} pages={list.data ?? []} />
          ))}
        </div>
      )}
    </div>
  );
}

function emptyPage(slug: string): PageDetail {
  const empty = unsavedLocaleState('backOffice', null);
  return { slug, locales: { 'en-US': empty, 'zh-CN': empty } };
}

interface EditorValues extends ContentPageText {
  inFooter: boolean;
}

const EMPTY_TEXT: ContentPageText = { title: '', description: '', updated: null, body: '' };

function LocaleEditor({ slug, locale, state, isNew, pages }: { slug: string; locale: Locale; state: PageLocaleState; isNew: boolean; pages: PageSummary[] }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [form] = Form.useForm<EditorValues>();
  const initial: EditorValues = { ...(state.text ?? EMPTY_TEXT), inFooter: state.inFooter };
  const [values, setValues] = useState<EditorValues>(initial);
  const [history, setHistory] = useState(false);
  const [comparing, setComparing] = useState(false);
  const save = useApiMutation(adminPagesApi.savePage, [adminPagesApi.page, adminPagesApi.pageList, adminPagesApi.pageVersions]);
  const language = t(LANGUAGE_KEYS[locale]);
  const id = (field: string) => `page-${locale}-${field}`;

  const body = useDeferredValue(values.body);
  const html = useMemo(() => previewHtml(body, SUPPORT_EMAIL), [body]);
  const existing = useMemo(() => new Set(pages.filter((page) => page.locales[locale].title !== null).map((page) => page.slug).concat(slug)), [pages, locale, slug]);
  const broken = useMemo(() => brokenLinks(body, { pages: existing, anchors: headingAnchors(body) }), [body, existing]);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  // As the storefront writes it (ContentArticle.astro), in the page's language.
  const updated = values.updated && isIsoDate(values.updated) ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${values.updated}T00:00:00Z`)) : null;

  const onSave = async (submitted: EditorValues) => {
    const problems = frontMatterProblems(submitted);
    if (problems.length) {
      form.setFields(problems.map((p) => ({ name: p.field as never, errors: [problemText(t, p)] })));
      return;
    }
    await write(
      async () => {
        await save.mutateAsync({ slug, locale, ...submitted, updated: submitted.updated || null, ...(isNew ? { create: true } : {}) });
        void message.success(t('adminPages.saved'));
      },
      (refusal) =>
        form.setFields(
          serverIssues(refusal)
            .map((issue) => ({ name: issue.path.replace(/^body\./, ''), message: issue.message }))
            .filter((issue) => ['title', 'description', 'updated', 'body', 'slug'].includes(issue.name))
            .map((issue) => ({ name: (issue.name === 'slug' ? 'title' : issue.name) as never, errors: [issue.message] })),
        ),
    );
  };

  const rule = (field: ContentProblem['field']) => ({
    validator: async (_rule: unknown, value: string | null | undefined) => {
      const problem = frontMatterProblems({ ...form.getFieldsValue(), [field]: value ?? '' }).find((p) => p.field === field);
      if (problem) throw new Error(problemText(t, problem));
    },
  });

  return (
    <section className="admin-pages-locale" aria-labelledby={id('heading')} data-testid={`page-locale-${locale}`}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} id={id('heading')} style={{ margin: 0, fontSize: 16 }}>
          {language}
        </Typography.Title>
        <Space size={4} wrap>
          {state.text === null ? (
            <Tag>{t('adminPages.missing')}</Tag>
          ) : (
            <Tag color={state.source === 'backOffice' ? 'blue' : 'default'}>{t(`adminPages.sources.${state.source}` as MessageKey)}</Tag>
          )}
          {state.unpublished && <Tag color="warning">{t('adminPages.unpublished')}</Tag>}
          {dirty && <Tag color="gold">{t('adminPages.saveFirst')}</Tag>}
        </Space>
      </Space>
      {state.repositoryChanged && (
        <Alert
          type="warning"
          showIcon
          message={t('adminPages.repositoryNotice')}
          action={
            <Button size="small" onClick={() => setComparing(true)}>
              {t('adminPages.compareRepository')}
            </Button>
          }
        />
      )}
      <Form<EditorValues> form={form} layout="vertical" initialValues={initial} onValuesChange={(_changed, all) => setValues({ ...values, ...all })} onFinish={onSave} data-testid={`page-form-${locale}`}>
        <Form.Item name="title" label={t('adminPages.fields.title')} htmlFor={id('title')} rules={[rule('title')]}>
          <Input id={id('title')} maxLength={CONTENT_TITLE_MAX} showCount data-testid={`page-title-${locale}`} />
        </Form.Item>
        <Form.Item name="description" label={t('adminPages.fields.description')} htmlFor={id('description')} rules={[rule('description')]}>
          <Input.TextArea id={id('description')} maxLength={CONTENT_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="updated" label={t('adminPages.fields.updated')} htmlFor={id('updated')} extra={t('adminPages.fields.updatedHelp')} rules={[rule('updated')]}>
          <Input id={id('updated')} maxLength={10} placeholder="YYYY-MM-DD" inputMode="numeric" style={{ maxWidth: 180 }} />
        </Form.Item>
        <Form.Item name="inFooter" valuePropName="checked">
          <Checkbox>{t('adminPages.fields.inFooter')}</Checkbox>
        </Form.Item>
        <Form.Item name="body" label={t('adminPages.fields.body')} htmlFor={id('body')} rules={[rule('body')]}>
          <Input.TextArea id={id('body')} className="admin-pages-markdown" spellCheck autoSize={{ minRows: 10, maxRows: 28 }} data-testid={`page-body-${locale}`} />
        </Form.Item>
        {broken.length > 0 ? (
          <Alert
            type="error"
            showIcon
            message={t('adminPages.brokenLinks')}
            description={
              <ul className="admin-pages-broken" data-testid={`page-broken-${locale}`}>
                {broken.map((link) => (
                  <li key={`${link.line}:${link.href}`}>{t('adminPages.brokenLink', { line: link.line, href: link.href })}</li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Text type="secondary">{t('adminPages.linksOk')}</Typography.Text>
        )}
        <Space wrap style={{ marginTop: 12 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty && state.savedVersionId !== null} data-testid={`page-save-${locale}`}>
            {t('adminPages.save')}
          </Button>
          <Button onClick={() => setHistory(true)} data-testid={`page-history-${locale}`}>
            {t('adminPages.history')}
          </Button>
        </Space>
      </Form>
      <div className="admin-pages-preview" role="region" aria-label={t('adminPages.previewLabel', { language })} data-testid={`page-preview-${locale}`}>
        <Typography.Text type="secondary" className="admin-pages-preview-label">
          {t('adminPages.preview')}
        </Typography.Text>
        <div className="storefront-look" lang={locale}>
          <div className="content-layout">
            <article className="prose panel page-panel">
              <h1>{values.title}</h1>
              {updated && <p className="updated">{UPDATED_LINE[locale].replace('{{date}}', updated)}</p>}
              <div className="prose-body" dangerouslySetInnerHTML={{ __html: html }} />
            </article>
          </div>
        </div>
      </div>
      {history && <History slug={slug} locale={locale} current={state.text} onClose={() => setHistory(false)} />}
      {comparing && state.text && state.repository && (
        <Modal
          open
          width={900}
          title={t('adminPages.repositoryTitle')}
          onCancel={() => setComparing(false)}
          footer={
            <Space>
              <Button onClick={() => setComparing(false)}>{t('admin.common.cancel')}</Button>
              <Button
                type="primary"
                onClick={() => {
                  const next = { ...state.repository!, inFooter: values.inFooter };
                  form.setFieldsValue(next);
                  setValues(next);
                  setComparing(false);
                }}
              >
                {t('adminPages.useRepository')}
              </Button>
            </Space>
          }
        >
          <DiffView before={state.text} after={state.repository} />
        </Modal>
      )}
    </section>
  );
}

function History({ slug, locale, current, onClose }: { slug: string; locale: Locale; current: ContentPageText | null; onClose: () => void }) {
  const { t, locale: uiLocale } = useT();
  const ask = useConfirmedWrite();
  const versions = useApiQuery(adminPagesApi.pageVersions, { slug, locale });
  const [chosen, setChosen] = useState<number | null>(null);
  const version = useApiQuery(adminPagesApi.pageVersion, { id: chosen ?? 0 }, { enabled: chosen !== null });
  const restore = useApiMutation(adminPagesApi.restorePage, [adminPagesApi.page, adminPagesApi.pageList, adminPagesApi.pageVersions]);
  const when = (iso: string) => new Date(iso).toLocaleString(uiLocale, { dateStyle: 'medium', timeStyle: 'short' });
  useEffect(() => {
    if (chosen === null && versions.data?.[1]) setChosen(versions.data[1].id);
  }, [chosen, versions.data]);

  return (
    <Drawer open width="min(900px, 100vw)" title={t('adminPages.historyTitle', { language: t(LANGUAGE_KEYS[locale]) })} onClose={onClose} destroyOnHidden data-testid={`page-history-drawer-${locale}`}>
      {versions.data?.length === 0 && <Typography.Text type="secondary">{t('adminPages.noVersions')}</Typography.Text>}
      <ol className="admin-pages-versions">
        {(versions.data ?? []).map((v: PageVersionSummary) => (
          <li key={v.id}>
            <Button type={chosen === v.id ? 'primary' : 'text'} size="small" onClick={() => setChosen(v.id)} aria-pressed={chosen === v.id} data-testid={`page-version-${v.id}`}>
              {t('adminPages.version', { id: v.id })}
            </Button>{' '}
            <Typography.Text type="secondary">
              {when(v.savedAt)} · {v.savedBy}
              {v.restoredFrom !== null ? ` · ${t('adminPages.restoredFrom', { id: v.restoredFrom })}` : ''}
            </Typography.Text>{' '}
            {v.live && <Tag color="success">{t('adminPages.live')}</Tag>}
          </li>
        ))}
      </ol>
      {chosen !== null && version.data && version.data.id === chosen && (
        <section aria-label={t('adminPages.compare')}>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%', margin: '12px 0' }}>
            <Typography.Text strong>{t('adminPages.compare')}</Typography.Text>
            <Button
              danger
              onClick={() =>
                ask({ title: t('adminPages.restoreTitle', { id: chosen }), content: t('adminPages.restoreConfirm'), done: t('adminPages.restored') }, async () => {
                  await restore.mutateAsync({ id: chosen });
                  onClose();
                })
              }
              data-testid="page-restore"
            >
              {t('adminPages.restore')}
            </Button>
          </Space>
          <DiffView before={current ?? EMPTY_TEXT} after={version.data.text} />
        </section>
      )}
    </Drawer>
  );
}
