/**
 * The Products screen's catalogue file (docs/back-office.md "Catalogue file"): "Export catalogue"
 * downloads the filter's products as CSV, its menu as an XLSX workbook too (the server streams
 * either; it is fetched with the staff member's token, as a plain link would carry none); "Import
 * catalogue" takes a CSV or XLSX file (picked or dropped; which one from its first bytes), shows the dry run (created, changed old -> new, refused by line and column) and applies
 * it, all or nothing, only when the dry run found no problem. The dialog takes a zip of the images
 * the file's Images column names and runs the dry run again with it; each product's row says which
 * images it adds, keeps and takes off.
 */
import { DownOutlined } from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Modal, Space, Tag, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { apiBase } from '../../../client/request-context.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { CODES } from '../../../domain/api/envelope.ts';
import type { Endpoint } from '../../../domain/api/endpoint.ts';
import { CATALOGUE_FILE_MAX_CHARS, CATALOGUE_ZIP_MAX_BYTES, type CatalogueDryRun, type CatalogueProductReport, type CatalogueProblem } from '../../../domain/back-office/catalogue-file.model.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { RowsTable } from '../../widgets/RowsTable.tsx';
import { useWrite } from '../../widgets/write.ts';
import { filterRequest, type ProductFilters } from './table-state.ts';
import { downloadForStaff } from '../../widgets/download.ts';
import { base64Of, csvTextOf } from '../../widgets/file-bodies.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Each export: its endpoint, the answer's type and the name the file gets when the answer names none. */
const EXPORTS = {
  csv: { entry: adminProductsApi.catalogueExport, type: 'text/csv', name: 'catalogue.csv' },
  xlsx: { entry: adminProductsApi.catalogueExportXlsx, type: XLSX_TYPE, name: 'catalogue.xlsx' },
} as const;

/** "Export catalogue" downloads the CSV; the arrow beside it offers CSV and the XLSX workbook. */
export function ExportCatalogueButton({ filters }: { filters: ProductFilters }) {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const onExport = async (format: keyof typeof EXPORTS) => {
    const { entry, type, name } = EXPORTS[format];
    setBusy(true);
    try {
      await downloadForStaff(`${apiBase()}${entry.path}`, type, name, { locale, body: filterRequest(filters) });
    } catch (error) {
      console.error(error);
      void message.error(t('adminProducts.catalogue.exportFailed'));
    }
    setBusy(false);
  };
  return (
    <Space.Compact>
      <Button onClick={() => void onExport('csv')} loading={busy} data-testid="catalogue-export">
        {t('adminProducts.catalogue.export')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: [
            { key: 'csv', label: <span data-testid="catalogue-export-csv">{t('adminProducts.catalogue.exportCsv')}</span> },
            { key: 'xlsx', label: <span data-testid="catalogue-export-xlsx">{t('adminProducts.catalogue.exportXlsx')}</span> },
          ],
          onClick: ({ key }) => void onExport(key as keyof typeof EXPORTS),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('adminProducts.catalogue.exportFormats')} data-testid="catalogue-export-formats" />
      </Dropdown>
    </Space.Compact>
  );
}

/** The file to import as the calls send it: a CSV's text, or an XLSX workbook's bytes as base64. */
type FileBody = { csv: string } | { xlsx: string };

/** An XLSX by its first bytes (a zip's "PK\x03\x04") or its name (one that is no workbook goes as one, and the dry run says so); else CSV. */
async function uploadOf(file: File): Promise<FileBody> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const zip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
  return zip || /\.xlsx$/i.test(file.name) ? { xlsx: await base64Of(file) } : { csv: await csvTextOf(file) };
}

function ChangeList({ report }: { report: CatalogueProductReport }) {
  const { t } = useT();
  return (
    <ul className="admin-catalogue-changes">
      {/* The images have their own line (ImageOutcome): names added, kept and taken off. */}
      {report.changes.filter((change) => change.field !== 'images').map((change) => (
        <li key={change.field}>
          <strong>{t(`adminProducts.catalogue.field.${change.field}` as MessageKey)}</strong>:{' '}
          {report.kind === 'change' && (
            <>
              <del>{change.before || '—'}</del> →{' '}
            </>
          )}
          <ins>{change.after || '—'}</ins>
        </li>
      ))}
    </ul>
  );
}

/** What the product's Images cell does: each name added (from the zip or the shop's images), kept, or taken off. */
function ImageOutcome({ images }: { images: CatalogueProductReport['images'] }) {
  const { t } = useT();
  if (!images) return null;
  return (
    <div className="admin-catalogue-images" data-testid="catalogue-images">
      <Typography.Text type="secondary">{t('adminProducts.catalogue.imagesLabel')}</Typography.Text>{' '}
      {images.added.map((name) => (
        <Tag key={`+${name}`} color="green">
          {t('adminProducts.catalogue.imageAdded', { name })}
        </Tag>
      ))}
      {images.kept.map((name) => (
        <Tag key={`=${name}`}>{t('adminProducts.catalogue.imageKept', { name })}</Tag>
      ))}
      {images.removed.map((name) => (
        <Tag key={`-${name}`} color="red">
          {t('adminProducts.catalogue.imageRemoved', { name })}
        </Tag>
      ))}
    </div>
  );
}

export function ImportCatalogueButton({ touched }: { touched: readonly Endpoint<any, any>[] }) {
  const { t } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const [file, setFile] = useState<{ name: string; upload: FileBody } | null>(null);
  const [zip, setZip] = useState<{ name: string; base64: string } | null>(null);
  const [run, setRun] = useState<CatalogueDryRun | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dryRun = useApiMutation(adminProductsApi.catalogueDryRun, []);
  const apply = useApiMutation(adminProductsApi.catalogueApply, touched);

  const check = async (name: string, upload: FileBody, images = zip) => {
    setMoved(null);
    setBusy(true);
    await write(async () => setRun(await dryRun.mutateAsync({ ...upload, ...(images ? { zip: images.base64 } : {}) })));
    setBusy(false);
    setFile({ name, upload });
  };

  const onZip = async (picked: File | null) => {
    // Refused here as the server would: a larger zip is not read into the page at all.
    if (picked && picked.size > CATALOGUE_ZIP_MAX_BYTES) {
      void message.error(t('adminProducts.catalogue.zipTooLarge', { mb: CATALOGUE_ZIP_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const images = picked ? { name: picked.name, base64: await base64Of(picked) } : null;
    setZip(images);
    if (file) await check(file.name, file.upload, images);
  };

  const onFile = async (picked: File) => {
    // Refused here as the server would: a larger file is not read into the page at all.
    if (picked.size > CATALOGUE_FILE_MAX_CHARS * 2) {
      void message.error(t('adminProducts.catalogue.tooLarge'));
      return;
    }
    await check(picked.name, await uploadOf(picked));
  };

  const onApply = async () => {
    if (!file || !run) return;
    setBusy(true);
    const done = await write(
      async () => {
        const answer = await apply.mutateAsync({ ...file.upload, basis: run.basis, ...(zip ? { zip: zip.base64 } : {}) });
        void message.success(t('adminProducts.catalogue.applied', { ...answer }));
      },
      (refusal) => {
        if (refusal.code === CODES.STALE_VERSION) setMoved(refusal.msg);
      },
    );
    setBusy(false);
    if (done) close();
  };

  const close = () => {
    setFile(null);
    setZip(null);
    setRun(null);
    setMoved(null);
  };

  const problems: CatalogueProblem[] = run?.problems ?? [];
  const canApply = run !== null && run.refused === 0 && run.created + run.changed > 0 && moved === null;
  return (
    <>
      <CataloguePicker onFile={onFile}>
        <Button loading={busy && run === null} data-testid="catalogue-import">
          {t('adminProducts.catalogue.import')}
        </Button>
      </CataloguePicker>
      <Modal
        open={run !== null}
        width={960}
        title={t('adminProducts.catalogue.dryRunTitle', { file: file?.name ?? '' })}
        onCancel={close}
        footer={
          <Space wrap>
            <Button onClick={close}>{t('admin.common.cancel')}</Button>
            <CataloguePicker onFile={onFile}>
              <Button data-testid="catalogue-reload">{t('adminProducts.catalogue.another')}</Button>
            </CataloguePicker>
            <Button type="primary" disabled={!canApply} loading={busy} onClick={() => void onApply()} data-testid="catalogue-apply">
              {t('adminProducts.catalogue.apply', { count: (run?.created ?? 0) + (run?.changed ?? 0) })}
            </Button>
          </Space>
        }
      >
        {run && (
          <div data-testid="catalogue-dry-run">
            <div className="admin-catalogue-zip">
              <Typography.Text>
                {t('adminProducts.catalogue.imagesLabel')} {zip ? <Typography.Text code>{zip.name}</Typography.Text> : <Typography.Text type="secondary">{t('adminProducts.catalogue.noZip')}</Typography.Text>}
              </Typography.Text>
              <Space wrap size={8}>
                <FilePicker accept=".zip,application/zip" onFile={onZip}>
                  <Button loading={busy && zip === null} data-testid="catalogue-zip">
                    {t(zip ? 'adminProducts.catalogue.anotherZip' : 'adminProducts.catalogue.pickZip')}
                  </Button>
                </FilePicker>
                {zip && (
                  <Button type="link" onClick={() => void onZip(null)} data-testid="catalogue-zip-remove">
                    {t('adminProducts.catalogue.removeZip')}
                  </Button>
                )}
              </Space>
              <Typography.Text type="secondary" className="admin-catalogue-zip-hint">
                {t('adminProducts.catalogue.zipHint', { mb: CATALOGUE_ZIP_MAX_BYTES / 1024 / 1024 })}
              </Typography.Text>
            </div>
            <Space wrap className="admin-catalogue-counts">
              <Tag color="green">{t('adminProducts.catalogue.created', { count: run.created })}</Tag>
              <Tag color="blue">{t('adminProducts.catalogue.changed', { count: run.changed })}</Tag>
              <Tag>{t('adminProducts.catalogue.unchanged', { count: run.unchanged })}</Tag>
              <Tag color={run.refused ? 'red' : 'default'}>{t('adminProducts.catalogue.refused', { count: run.refused })}</Tag>
            </Space>
            {moved && <Alert type="warning" showIcon className="admin-catalogue-alert" message={moved} action={<Button onClick={() => void check(file!.name, file!.upload)}>{t('adminProducts.catalogue.again')}</Button>} />}
            {run.refused > 0 && (
              <>
                <Alert type="error" showIcon message={t('adminProducts.catalogue.fixFirst')} className="admin-catalogue-alert" />
                <RowsTable<CatalogueProblem>
                  className="admin-catalogue-problems"
                  rowKey={(p) => `${p.line}-${p.column ?? ''}-${p.message}`}
                  dataSource={problems}
                  data-testid="catalogue-problems"
                  columns={[
                    { title: t('adminProducts.catalogue.line'), dataIndex: 'line', width: 64 },
                    { title: t('adminProducts.catalogue.column'), dataIndex: 'column', width: 140, render: (c: string | null) => c ?? '—' },
                    { title: t('adminProducts.catalogue.problem'), dataIndex: 'message' },
                  ]}
                />
                {run.refused > problems.length && <Typography.Text type="secondary">{t('adminProducts.catalogue.moreProblems', { count: run.refused - problems.length })}</Typography.Text>}
              </>
            )}
            {run.reports.length > 0 && (
              <RowsTable<CatalogueProductReport>
                rowKey="handle"
                dataSource={run.reports}
                data-testid="catalogue-reports"
                columns={[
                  { title: t('adminProducts.catalogue.line'), dataIndex: 'line', width: 64 },
                  {
                    title: t('adminProducts.catalogue.what'),
                    key: 'what',
                    render: (_: unknown, report: CatalogueProductReport) => (
                      <>
                        <Space size={4} wrap>
                          <Tag color={report.kind === 'create' ? 'green' : 'blue'}>{t(`adminProducts.catalogue.kind.${report.kind}` as MessageKey)}</Tag>
                          <Typography.Text code>{report.handle}</Typography.Text>
                        </Space>
                        <ChangeList report={report} />
                        <ImageOutcome images={report.images} />
                      </>
                    ),
                  },
                ]}
              />
            )}
            {run.refused === 0 && run.created + run.changed === 0 && <Alert type="info" showIcon message={t('adminProducts.catalogue.nothing')} />}
          </div>
        )}
      </Modal>
    </>
  );
}

/** A CSV or XLSX file picked (or dropped) for the import. */
function CataloguePicker({ onFile, children }: { onFile: (file: File) => Promise<void>; children: ReactNode }) {
  return (
    <FilePicker accept={`.csv,text/csv,.xlsx,${XLSX_TYPE}`} onFile={onFile}>
      {children}
    </FilePicker>
  );
}

/** A file picked (or dropped) for the import: read here, never uploaded by antd itself. */
function FilePicker({ accept, onFile, children }: { accept: string; onFile: (file: File) => Promise<void>; children: ReactNode }) {
  return (
    <Upload
      accept={accept}
      showUploadList={false}
      beforeUpload={(picked) => {
        void onFile(picked);
        return false;
      }}
    >
      {children}
    </Upload>
  );
}
