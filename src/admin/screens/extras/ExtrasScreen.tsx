/**
 * Patches and add-ons (product:edit): two tabs, each a list filtered by state and by navigation
 * tag or team, with a dialog to create or edit one (names in both languages, price, picture
 * uploaded as a product image is, which products offer it) and deactivate/activate. Nothing is
 * deleted: past orders name them (docs/back-office.md "Patches and add-ons").
 */
import { App, AutoComplete, Button, Form, Input, InputNumber, Select, Space, Tabs, Tag, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { call, mediaUrl } from '../../../client/http.ts';
import { adminExtrasApi } from '../../../domain/api/admin/extras.ts';
import type { Endpoint } from '../../../domain/api/endpoint.ts';
import type { Page } from '../../../domain/api/envelope.ts';
import { adminProductsApi } from '../../../domain/api/admin/products.ts';
import { BUILT_IN_ADDON_KINDS, EXTRA_NAME_MAX, EXTRA_PRICE_MAX, type AdminAddonRow, type AdminPatchRow } from '../../../domain/back-office/extras.model.ts';
import { IMAGE_MAX_BYTES } from '../../../domain/back-office/products.model.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { MessageKey } from '../../../i18n/core.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { useConfirmedWrite } from '../../widgets/confirm.ts';
import { base64Of } from '../../widgets/file-bodies.ts';
import { ChoiceFilter } from '../../widgets/FilterBar.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { ListScreen, useListScreen } from '../../widgets/paged-table.tsx';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';
import { useWrite } from '../../widgets/write.ts';
import { useMoney } from '../orders/labels.tsx';
import { useFormWrite } from '../field-errors.ts';
import './extras.css';

type Kind = 'patch' | 'addon';

export default function ExtrasScreen() {
  const { t } = useT();
  return (
    <Tabs
      className="admin-extras"
      items={[
        { key: 'patches', label: t('adminExtras.patches'), children: <PatchesTab /> },
        { key: 'addons', label: t('adminExtras.addons'), children: <AddonsTab /> },
      ]}
    />
  );
}

/** The product editor's choices: navigation tags and teams. */
function useOptions() {
  return useApiQuery(adminProductsApi.options, {}).data;
}

function Picture({ image }: { image: string }) {
  return <img className="admin-extras-picture" src={mediaUrl(image)} alt="" loading="lazy" />;
}

function StateTag({ active }: { active: boolean }) {
  const { t } = useT();
  return <Tag color={active ? 'green' : 'default'}>{t(active ? 'adminExtras.active' : 'adminExtras.inactive')}</Tag>;
}

function StateFilter() {
  const { t } = useT();
  return (
    <ChoiceFilter
      name="active"
      label={t('adminExtras.state')}
      placeholder={t('adminExtras.anyState')}
      minWidth={150}
      options={[
        { value: 'active', label: t('adminExtras.active') },
        { value: 'inactive', label: t('adminExtras.inactive') },
      ]}
    />
  );
}

/** Deactivate or activate, asked first. */
function useActiveToggle(kind: Kind) {
  const { t } = useT();
  const ask = useConfirmedWrite();
  const patch = useApiMutation(adminExtrasApi.patchSetActive, [adminExtrasApi.patchList]);
  const addon = useApiMutation(adminExtrasApi.addonSetActive, [adminExtrasApi.addonList]);
  return (row: { id: number; active: boolean }, name: string) =>
    ask(
      { content: t(row.active ? 'adminExtras.deactivateConfirm' : 'adminExtras.activateConfirm', { name }), done: t(row.active ? 'adminExtras.deactivated' : 'adminExtras.activated') },
      () => (kind === 'patch' ? patch : addon).mutateAsync({ id: row.id, active: !row.active }),
    );
}

function PatchesTab() {
  const { t } = useT();
  const options = useOptions();
  const tagName = (tag: string) => options?.navTags.find((option) => option.tag === tag)?.name ?? tag;
  return (
    <ExtrasTab<AdminPatchRow>
      kind="patch"
      entry={adminExtrasApi.patchList}
      filter={<ChoiceFilter name="tag" label={t('adminExtras.tag')} placeholder={t('adminExtras.anyTag')} minWidth={200} searchable options={(options?.navTags ?? []).map((option) => ({ value: option.tag, label: option.name }))} />}
      columns={[{ key: 'fits', title: t('adminExtras.tag'), render: (_v, row) => row.fitsTags.map((tag) => <Tag key={tag}>{tagName(tag)}</Tag>) }]}
    />
  );
}

function AddonsTab() {
  const { t, locale } = useT();
  const options = useOptions();
  return (
    <ExtrasTab<AdminAddonRow>
      kind="addon"
      entry={adminExtrasApi.addonList}
      filter={<ChoiceFilter name="team" label={t('adminExtras.team')} placeholder={t('adminExtras.anyTeam')} minWidth={200} searchable options={(options?.teams ?? []).map((team) => ({ value: team.tag, label: team.name }))} />}
      columns={[
        { key: 'team', title: t('adminExtras.team'), render: (_v, row) => row.teamName[locale as Locale] },
        { key: 'kind', title: t('adminExtras.kind'), dataIndex: 'kind', render: (kind: string) => <Typography.Text code>{kind}</Typography.Text> },
      ]}
    />
  );
}

const TAB_WORDS = {
  patch: { search: 'adminExtras.search', create: 'adminExtras.newPatch', table: 'patches-table' },
  addon: { search: 'adminExtras.searchAddons', create: 'adminExtras.newAddon', table: 'addons-table' },
} as const;

/** One tab: the list (picture, name, the kind's own columns, price, state), its filters, and the dialog. */
function ExtrasTab<Row extends AdminPatchRow | AdminAddonRow>({ kind, entry, filter, columns }: { kind: Kind; entry: Endpoint<any, Page<Row>>; filter: ReactNode; columns: ColumnsType<Row> }) {
  const { t, locale } = useT();
  const money = useMoney();
  const toggle = useActiveToggle(kind);
  const screen = useListScreen(entry);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  useFocusReturn(editing !== null);
  const words = TAB_WORDS[kind];
  return (
    <ListScreen
      screen={screen}
      search={{ label: t(words.search), testId: `${kind}-search` }}
      filters={
        <>
          <StateFilter />
          {filter}
        </>
      }
      actions={
        <Button type="primary" onClick={() => setEditing('new')} data-testid={`${kind}-new`}>
          {t(words.create)}
        </Button>
      }
      withReset
      rowKey="id"
      scroll={{ x: 900 }}
      data-testid={words.table}
      columns={[
        { key: 'picture', title: t('adminExtras.picture'), width: 80, render: (_v, row: Row) => <Picture image={row.image} /> },
        { key: 'name', title: t('adminExtras.name'), render: (_v, row: Row) => row.name[locale as Locale] },
        ...columns,
        { key: 'price', title: t('adminExtras.price'), align: 'right', render: (_v, row: Row) => money(row.price, 'EUR') },
        { key: 'state', title: t('adminExtras.state'), render: (_v, row: Row) => <StateTag active={row.active} /> },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          width: 200,
          render: (_v, row: Row) => (
            <Space size={4}>
              <Button size="small" onClick={() => setEditing(row)} data-testid={`${kind}-edit-${row.id}`}>
                {t('admin.common.edit')}
              </Button>
              <Button size="small" danger={row.active} onClick={() => toggle(row, row.name[locale as Locale])} data-testid={`${kind}-toggle-${row.id}`}>
                {t(row.active ? 'adminExtras.deactivate' : 'adminExtras.activate')}
              </Button>
            </Space>
          ),
        },
      ]}
    >
      {editing !== null && <ExtraDialog kind={kind} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ListScreen>
  );
}

interface ExtraFormValues {
  nameEn: string;
  nameZh: string;
  /** Euros, as typed; the request takes cents. */
  price: number | null;
  image: string;
  fitsTags?: string[];
  teamId?: number;
  kind?: string;
}

function formOf(row: AdminPatchRow | AdminAddonRow | null): Partial<ExtraFormValues> {
  if (!row) return { fitsTags: [], image: '' };
  const common = { nameEn: row.name['en-US'], nameZh: row.name['zh-CN'], price: row.price / 100, image: row.image };
  return 'fitsTags' in row ? { ...common, fitsTags: row.fitsTags } : { ...common, teamId: row.teamId, kind: row.kind };
}

const FIELDS = ['nameEn', 'nameZh', 'price', 'image', 'fitsTags', 'teamId', 'kind'];

function ExtraDialog({ kind, row, onClose }: { kind: Kind; row: AdminPatchRow | AdminAddonRow | null; onClose: () => void }) {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const write = useWrite();
  const options = useOptions();
  const [form] = Form.useForm<ExtraFormValues>();
  const saveWrite = useFormWrite(form, FIELDS);
  const image = Form.useWatch('image', form);
  const [uploading, setUploading] = useState(false);
  const list = kind === 'patch' ? adminExtrasApi.patchList : adminExtrasApi.addonList;
  const createPatch = useApiMutation(adminExtrasApi.patchCreate, [list]);
  const updatePatch = useApiMutation(adminExtrasApi.patchUpdate, [list]);
  const createAddon = useApiMutation(adminExtrasApi.addonCreate, [list]);
  const updateAddon = useApiMutation(adminExtrasApi.addonUpdate, [list]);
  const pending = createPatch.isPending || updatePatch.isPending || createAddon.isPending || updateAddon.isPending;

  const save = async (values: ExtraFormValues) => {
    const common = { nameEn: values.nameEn, nameZh: values.nameZh, price: Math.round((values.price ?? 0) * 100), image: values.image };
    await saveWrite(async () => {
      if (kind === 'patch') {
        const request = { ...common, fitsTags: values.fitsTags ?? [] };
        await (row ? updatePatch.mutateAsync({ id: row.id, ...request }) : createPatch.mutateAsync(request));
      } else {
        const request = { ...common, teamId: values.teamId!, kind: values.kind ?? '' };
        await (row ? updateAddon.mutateAsync({ id: row.id, ...request }) : createAddon.mutateAsync(request));
      }
      void message.success(t('adminExtras.saved'));
      onClose();
    });
  };

  const upload = async (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('adminExtras.uploadHelp'));
      return;
    }
    setUploading(true);
    await write(async () => {
      const data = await base64Of(file);
      const answer = await call(kind === 'patch' ? adminExtrasApi.patchPicture : adminExtrasApi.addonPicture, { data });
      form.setFieldsValue({ image: answer.image });
      await form.validateFields(['image']);
      void message.success(t('adminExtras.uploaded'));
    });
    setUploading(false);
  };

  const required = (key: MessageKey) => ({ required: true, message: t(key) });
  const nameRules = [{ ...required('adminExtras.errors.name'), whitespace: true }, { max: EXTRA_NAME_MAX, message: t('adminExtras.errors.name') }];
  const rowName = row ? row.name[locale as Locale] : '';
  return (
    <WriteDialog
      open
      pending={pending}
      width="min(620px, 100vw)"
      title={row ? t(kind === 'patch' ? 'adminExtras.editPatch' : 'adminExtras.editAddon', { name: rowName }) : t(kind === 'patch' ? 'adminExtras.newPatch' : 'adminExtras.newAddon')}
      okText={t('admin.common.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="extra-dialog"
    >
      <Form<ExtraFormValues> form={form} layout="vertical" initialValues={formOf(row)} onFinish={save} data-testid="extra-form">
        <Form.Item name="nameEn" label={t('adminExtras.nameEn')} extra={t('adminExtras.nameHelp')} rules={nameRules}>
          <Input maxLength={EXTRA_NAME_MAX} data-testid="extra-name-en" />
        </Form.Item>
        <Form.Item name="nameZh" label={t('adminExtras.nameZh')} extra={t('adminExtras.nameHelp')} rules={nameRules}>
          <Input maxLength={EXTRA_NAME_MAX} data-testid="extra-name-zh" />
        </Form.Item>
        <Form.Item name="price" label={t('adminExtras.price')} extra={t('adminExtras.priceHelp')} rules={[required('adminExtras.errors.price'), { type: 'number', min: 0, max: EXTRA_PRICE_MAX / 100, message: t('adminExtras.errors.price') }]}>
          <InputNumber min={0} max={EXTRA_PRICE_MAX / 100} precision={2} prefix="€" style={{ width: '100%' }} data-testid="extra-price" />
        </Form.Item>
        {kind === 'patch' ? (
          <Form.Item name="fitsTags" label={t('adminExtras.fitsTags')} extra={t('adminExtras.fitsTagsHelp')} rules={[{ required: true, type: 'array', min: 1, message: t('adminExtras.errors.tags') }]}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              aria-label={t('adminExtras.fitsTags')}
              options={(options?.navTags ?? []).map((option) => ({ value: option.tag, label: `${option.name} (${option.tag})` }))}
              data-testid="extra-tags"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="teamId" label={t('adminExtras.team')} rules={[required('adminExtras.errors.team')]}>
              <Select showSearch optionFilterProp="label" aria-label={t('adminExtras.team')} options={(options?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))} data-testid="extra-team" />
            </Form.Item>
            <Form.Item name="kind" label={t('adminExtras.kind')} extra={t('adminExtras.kindHelp')} rules={[required('adminExtras.errors.kind'), { pattern: /^[a-z]+(-[a-z]+)*$/, message: t('adminExtras.errors.kind') }]}>
              <AutoComplete options={BUILT_IN_ADDON_KINDS.map((value) => ({ value }))} aria-label={t('adminExtras.kind')} maxLength={30} data-testid="extra-kind" />
            </Form.Item>
          </>
        )}
        <Form.Item name="image" label={t('adminExtras.picture')} extra={t('adminExtras.uploadHelp')} rules={[required('adminExtras.errors.picture')]}>
          <PictureField image={image} uploading={uploading} onFile={(file) => void upload(file)} />
        </Form.Item>
      </Form>
    </WriteDialog>
  );
}

/** The form's `image` field: the picture saved or just uploaded, and the upload button. */
function PictureField({ image, uploading, onFile }: { image: string | undefined; uploading: boolean; onFile: (file: File) => void; value?: string }) {
  const { t } = useT();
  return (
    <Space align="center" wrap>
      {image ? <Picture image={image} /> : <Typography.Text type="secondary">{t('adminExtras.noPicture')}</Typography.Text>}
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <Button loading={uploading} data-testid="extra-upload">
          {t('adminExtras.upload')}
        </Button>
      </Upload>
    </Space>
  );
}
