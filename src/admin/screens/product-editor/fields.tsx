/**
 * The editor's fields written once per language: the tabs that hold them, the Markdown description
 * with its preview, and the FAQ list.
 */
import { Button, Col, Form, Input, Row, Segmented, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Locale } from '../../../domain/locale.ts';
import { markdownHtml } from '../../../domain/markdown.ts';
import { useT } from '../../i18n.tsx';
import type { EditorValues } from './form.ts';

const LANGUAGES: readonly Locale[] = ['en-US', 'zh-CN'];

/** One tab per language; every tab is rendered at once so the form validates both. */
export function LanguageTabs({ children }: { children: (language: Locale) => ReactNode }) {
  const { t } = useT();
  return (
    <Tabs
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(language === 'en-US' ? 'adminProducts.editor.english' : 'adminProducts.editor.chinese'),
        forceRender: true,
        children: children(language),
      }))}
    />
  );
}

export function DescriptionField({ language }: { language: Locale }) {
  const { t } = useT();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const form = Form.useFormInstance<EditorValues>();
  const text = Form.useWatch(['description', language], form) ?? '';
  return (
    <Form.Item label={t('adminProducts.editor.description')} required={false}>
      <Segmented
        size="small"
        value={mode}
        onChange={(value) => setMode(value as 'write' | 'preview')}
        options={[
          { value: 'write', label: t('adminProducts.editor.write') },
          { value: 'preview', label: t('adminProducts.editor.preview') },
        ]}
        style={{ marginBottom: 8 }}
      />
      <Form.Item name={['description', language]} noStyle hidden={mode === 'preview'}>
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} maxLength={10_000} aria-label={t('adminProducts.editor.description')} />
      </Form.Item>
      {mode === 'preview' && (
        <div className="admin-markdown-preview" data-testid={`description-preview-${language}`}>
          {text.trim() ? <div dangerouslySetInnerHTML={{ __html: markdownHtml(text) }} /> : <Typography.Text type="secondary">{t('adminProducts.editor.nothingToPreview')}</Typography.Text>}
        </div>
      )}
    </Form.Item>
  );
}

export function FaqList({ language }: { language: Locale }) {
  const { t } = useT();
  return (
      <Form.List name={['faq', language]}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Row key={field.key} gutter={8} align="top">
                <Col xs={24} md={9}>
                  <Form.Item name={[field.name, 'question']} rules={[{ required: true, whitespace: true, message: t('adminProducts.editor.required') }]}>
                    <Input maxLength={300} placeholder={t('adminProducts.editor.question')} aria-label={t('adminProducts.editor.question')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[field.name, 'answer']} rules={[{ required: true, whitespace: true, message: t('adminProducts.editor.required') }]}>
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} placeholder={t('adminProducts.editor.answer')} aria-label={t('adminProducts.editor.answer')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={3}>
                  <Button type="text" danger onClick={() => remove(field.name)}>
                    {t('adminProducts.editor.remove')}
                  </Button>
                </Col>
              </Row>
            ))}
            <Button type="dashed" onClick={() => add({ question: '', answer: '' })} disabled={fields.length >= 20}>
              {t('adminProducts.editor.addFaq')}
            </Button>
          </>
        )}
      </Form.List>
  );
}
