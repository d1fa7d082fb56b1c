/**
 * The navigation tree (`nav:edit`): sport, league and team entries with their titles in both
 * languages. Drag an entry to reorder it or move it under another parent (antd Tree); a drop that
 * would make a fourth level, or put an entry under itself, is not offered (navMoveProblem, the
 * rule the server applies too). The same moves by keyboard, a step at a time (steps.ts): the
 * chosen entry's move buttons, or Alt with an arrow in the tree; the result is read out and the
 * focus stays on the moved entry. Choosing an entry offers rename, add under it and remove; the
 * server refuses removing an entry with entries or products under it, and says so.
 */
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, Popconfirm, Row, Space, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useMemo, useRef, useState, type Key, type KeyboardEvent } from 'react';
import { adminNavigationApi } from '../../../domain/api/admin/navigation.ts';
import { adminTeamsApi } from '../../../domain/api/admin/teams.ts';
import type { Locale } from '../../../domain/locale.ts';
import { NAV_MAX_LEVEL, navMoveProblem, type AdminNavNode, type NavPlace } from '../../../domain/back-office/navigation.model.ts';
import { navAddRequestSchema } from '../../../domain/back-office/navigation.schema.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { validFields } from '../../widgets/valid-fields.ts';
import { useFormWrite } from '../field-errors.ts';
import { schemaRule } from '../../widgets/schema-rule.ts';
import { NAV_STEPS, NAV_STEP_KEYS, navStep, siblingsUnder, type NavStep } from './steps.ts';
import { WriteDialog } from '../../widgets/WriteDialog.tsx';

const STEP_SHORTCUTS: Record<NavStep, string> = { up: 'Alt+ArrowUp', down: 'Alt+ArrowDown', into: 'Alt+ArrowRight', out: 'Alt+ArrowLeft' };

interface EntryForm {
  tag?: string;
  titleEn: string;
  titleZh: string;
}

function flatten(nodes: readonly AdminNavNode[]): AdminNavNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

export default function NavigationScreen() {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const tree = useApiQuery(adminNavigationApi.navTree);
  const invalidates = [adminNavigationApi.navTree, adminTeamsApi.teamList];
  const add = useApiMutation(adminNavigationApi.navAdd, invalidates);
  const rename = useApiMutation(adminNavigationApi.navRename, invalidates);
  const remove = useApiMutation(adminNavigationApi.navRemove, invalidates);
  const move = useApiMutation(adminNavigationApi.navMove, invalidates);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The arrows' cursor in the tree, and the open entries: controlled so a moved entry stays the
  // cursor and shows under its new parent.
  const [activeId, setActiveId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const treeBox = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<{ kind: 'add'; parent: AdminNavNode | null } | { kind: 'rename'; node: AdminNavNode } | null>(null);
  const [form] = Form.useForm<EntryForm>();
  const write = useFormWrite(form, ['tag', 'titleEn', 'titleZh']);

  const nodes = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const places: NavPlace[] = useMemo(() => nodes.map((node) => ({ id: node.id, parentId: node.parentId })), [nodes]);
  const spots = useMemo(() => nodes.map(({ id, parentId, sort, products }) => ({ id, parentId, sort, products })), [nodes]);
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const title = (node: AdminNavNode) => node.title[locale as Locale];

  const treeData = useMemo(() => {
    const toData = (node: AdminNavNode): TreeDataNode => ({
      key: node.id,
      title: (
        <span data-testid={`nav-node-${node.tag}`}>
          {node.title[locale as Locale]} <Typography.Text type="secondary">· {node.tag}</Typography.Text>
        </span>
      ),
      children: node.children.map(toData),
    });
    return (tree.data ?? []).map(toData);
  }, [tree.data, locale]);

  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const target = byId.get(Number(dropNode.key));
    if (!target) return false;
    const parentId = dropPosition === 0 ? target.id : target.parentId;
    return navMoveProblem(places, Number(dragNode.key), parentId) === null;
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const target = byId.get(Number(info.node.key));
    if (!target) return;
    const parentId = info.dropToGap ? target.parentId : target.id;
    const siblings = nodes.filter((node) => node.parentId === parentId && node.id !== id).sort((a, b) => a.sort - b.sort || a.id - b.id);
    const after = info.dropPosition - Number(String(info.node.pos).split('-').pop()) > 0;
    const index = info.dropToGap ? siblings.findIndex((node) => node.id === target.id) + (after ? 1 : 0) : 0;
    move.mutateAsync({ id, parentId, index: Math.max(0, index) }).then(() => void message.success(t('admin.common.done')), () => undefined);
  };

  const stepEntry = (id: number, step: NavStep) => {
    const node = byId.get(id);
    // One step at a time: the next is worked out from the tree the last one answered.
    if (!node || move.isPending) return;
    setAnnouncement('');
    const to = navStep(spots, id, step);
    if (!to) {
      setAnnouncement(t('adminNavigation.moves.cannot', { title: title(node) }));
      return;
    }
    setSelectedId(id);
    setActiveId(id);
    if (to.parentId !== null) setExpanded((keys) => [...(keys ?? []), to.parentId as number]);
    treeBox.current?.querySelector<HTMLElement>('[role="tree"]')?.focus();
    move.mutateAsync({ id, ...to }).then(
      (answer) => {
        const after = flatten(answer);
        const moved = after.find((entry) => entry.id === id);
        if (!moved) return;
        const among = siblingsUnder(after, moved.parentId);
        const parent = after.find((entry) => entry.id === moved.parentId);
        const place = { title: title(moved), position: among.findIndex((entry) => entry.id === id) + 1, count: among.length };
        setAnnouncement(parent ? t('adminNavigation.moves.moved', { ...place, parent: title(parent) }) : t('adminNavigation.moves.movedTop', place));
      },
      () => undefined,
    );
  };

  // Alt with an arrow moves the entry under the tree's cursor (else the chosen one), before the
  // tree's own arrow keys see it.
  const onTreeKeyDown = (event: KeyboardEvent) => {
    const step = event.altKey && !event.ctrlKey && !event.metaKey ? NAV_STEP_KEYS[event.key] : undefined;
    const id = activeId ?? selectedId;
    if (!step || id === null) return;
    event.preventDefault();
    event.stopPropagation();
    stepEntry(id, step);
  };

  const openDialog = (next: NonNullable<typeof dialog>) => {
    form.resetFields();
    if (next.kind === 'rename') form.setFieldsValue({ titleEn: next.node.title['en-US'], titleZh: next.node.title['zh-CN'] });
    setDialog(next);
  };

  const submit = async () => {
    if (!dialog) return;
    const values = await validFields(form);
    if (!values) return;
    await write(async () => {
      if (dialog.kind === 'add') await add.mutateAsync({ parentId: dialog.parent?.id ?? null, tag: values.tag ?? '', titleEn: values.titleEn, titleZh: values.titleZh });
      else await rename.mutateAsync({ id: dialog.node.id, titleEn: values.titleEn, titleZh: values.titleZh });
      void message.success(t('admin.common.done'));
      setDialog(null);
    });
  };

  return (
    <div className="admin-screen">
      <Typography.Paragraph type="secondary">{t('adminNavigation.help')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            size="small"
            title={t('adminNavigation.title')}
            extra={
              <Button size="small" onClick={() => openDialog({ kind: 'add', parent: null })} data-testid="nav-add-root">
                {t('adminNavigation.addRoot')}
              </Button>
            }
          >
            {tree.data && (
              <div ref={treeBox} onKeyDownCapture={onTreeKeyDown}>
                <Tree
                  draggable={{ icon: false }}
                  blockNode
                  showLine
                  expandedKeys={expanded ?? (tree.data ?? []).map((node) => node.id)}
                  onExpand={(keys) => setExpanded(keys)}
                  activeKey={activeId}
                  onActiveChange={(key) => setActiveId(key === null || key === undefined ? null : Number(key))}
                  treeData={treeData}
                  allowDrop={allowDrop}
                  onDrop={onDrop}
                  selectedKeys={selectedId === null ? [] : [selectedId]}
                  onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
                  data-testid="nav-tree"
                />
              </div>
            )}
            <Typography.Paragraph type="secondary">
              {t('adminNavigation.moves.shortcuts')}
            </Typography.Paragraph>
            <div role="status" aria-live="polite" className="admin-sr-only" data-testid="nav-announce">
              {announcement}
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" data-testid="nav-panel">
            {selected ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label={t('adminNavigation.titleEn')}>{selected.title['en-US']}</Descriptions.Item>
                  <Descriptions.Item label={t('adminNavigation.titleZh')}>{selected.title['zh-CN']}</Descriptions.Item>
                  <Descriptions.Item label={t('adminNavigation.tag')}>
                    <Typography.Text code>{selected.tag}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('adminNavigation.levelLabel')}>{t('adminNavigation.level', { level: selected.level })}</Descriptions.Item>
                  <Descriptions.Item label={t('adminTeams.products')}>{t('adminNavigation.products', { count: selected.products })}</Descriptions.Item>
                </Descriptions>
                <Space wrap>
                  <Button onClick={() => openDialog({ kind: 'rename', node: selected })} data-testid="nav-rename">
                    {t('adminNavigation.rename')}
                  </Button>
                  <Button disabled={selected.level >= NAV_MAX_LEVEL} title={selected.level >= NAV_MAX_LEVEL ? t('adminNavigation.maxDepth') : undefined} onClick={() => openDialog({ kind: 'add', parent: selected })} data-testid="nav-add-child">
                    {t('adminNavigation.addChild')}
                  </Button>
                  <Popconfirm
                    title={t('adminNavigation.removeConfirm', { title: title(selected) })}
                    okText={t('admin.common.confirm')}
                    cancelText={t('admin.common.cancel')}
                    onConfirm={() =>
                      remove.mutateAsync({ id: selected.id }).then(
                        () => {
                          setSelectedId(null);
                          void message.success(t('admin.common.done'));
                        },
                        () => undefined,
                      )
                    }
                  >
                    <Button danger data-testid="nav-remove">
                      {t('adminNavigation.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
                <Space wrap role="group" aria-label={title(selected)}>
                  {NAV_STEPS.map((step) => (
                    <Button key={step} disabled={navStep(spots, selected.id, step) === null || move.isPending} aria-keyshortcuts={STEP_SHORTCUTS[step]} onClick={() => stepEntry(selected.id, step)} data-testid={`nav-move-${step}`}>
                      {t(`adminNavigation.moves.${step}`)}
                    </Button>
                  ))}
                </Space>
                {selected.level >= NAV_MAX_LEVEL && <Typography.Text type="secondary">{t('adminNavigation.maxDepth')}</Typography.Text>}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminNavigation.selectHint')} />
            )}
          </Card>
        </Col>
      </Row>
      <WriteDialog
        open={dialog !== null}
        title={
          dialog?.kind === 'rename'
            ? t('adminNavigation.renameTitle', { title: title(dialog.node) })
            : dialog?.parent
              ? t('adminNavigation.addTitle', { parent: title(dialog.parent) })
              : t('adminNavigation.addRootTitle')
        }
        okText={t('admin.common.save')}
        pending={add.isPending || rename.isPending}
        onOk={() => void submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {dialog?.kind === 'add' && (
            <Form.Item name="tag" label={t('adminNavigation.tag')} extra={t('adminNavigation.tagHelp')} rules={[{ required: true, whitespace: true, message: t('adminNavigation.tagHelp') }, schemaRule(navAddRequestSchema.shape.tag, t('adminNavigation.tagHelp'))]}>
              <Input maxLength={60} autoComplete="off" data-testid="nav-tag" />
            </Form.Item>
          )}
          <Form.Item name="titleEn" label={t('adminNavigation.titleEn')} rules={[{ required: true, whitespace: true, message: t('adminNavigation.titleEn') }]}>
            <Input maxLength={80} data-testid="nav-title-en" />
          </Form.Item>
          <Form.Item name="titleZh" label={t('adminNavigation.titleZh')} rules={[{ required: true, whitespace: true, message: t('adminNavigation.titleZh') }]}>
            <Input maxLength={80} data-testid="nav-title-zh" />
          </Form.Item>
        </Form>
      </WriteDialog>
    </div>
  );
}
