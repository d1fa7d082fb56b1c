/**
 * Teams and squads (`team:edit`): the teams searched by name or tag and filtered by sport and
 * league; a team's drawer edits its squad (printed name and number: the server applies the
 * configurator's rules and its message shows beside the field) and which patches apply to it.
 */
import { App, Button, Checkbox, Drawer, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { adminNavigationApi } from '../../../domain/api/admin/navigation.ts';
import { adminTeamsApi } from '../../../domain/api/admin/teams.ts';
import type { Locale } from '../../../domain/locale.ts';
import type { AdminSquadPlayer, AdminTeamRow } from '../../../domain/back-office/teams.model.ts';
import { useApiMutation, useApiQuery } from '../../api.ts';
import { useT } from '../../i18n.tsx';
import { ChoiceFilter } from '../../widgets/FilterBar.tsx';
import { useFocusReturn } from '../../widgets/focus-return.ts';
import { ListScreen, rowOpens, useListScreen } from '../../widgets/paged-table.tsx';
import { useMoney } from '../orders/labels.tsx';
import { useFormWrite } from '../field-errors.ts';
import './teams.css';
import { RowsTable } from '../../widgets/RowsTable.tsx';

export default function TeamsScreen() {
  const { t, locale } = useT();
  const [open, setOpen] = useState<AdminTeamRow | null>(null);
  const screen = useListScreen(adminTeamsApi.teamList);
  // Every team fits in one answer (the shop has tens): the sport and league choices come from it.
  const all = useApiQuery(adminTeamsApi.teamList, { current: 1, size: 100 });
  const choices = useMemo(() => {
    const rows = all.data?.records ?? [];
    const sports = [...new Set(rows.map((row) => row.sport))].sort();
    const leagues = [...new Set(rows.filter((row) => !screen.filters.sport || row.sport === screen.filters.sport).map((row) => row.leagueTag))].sort();
    return { sports, leagues };
  }, [all.data, screen.filters.sport]);

  return (
    <ListScreen
      screen={screen}
      search={{ label: t('adminTeams.search'), testId: 'teams-search' }}
      filters={
        <>
          <ChoiceFilter name="sport" label={t('adminTeams.sport')} placeholder={t('adminTeams.anySport')} minWidth={140} options={choices.sports.map((sport) => ({ value: sport, label: sport }))} />
          <ChoiceFilter name="league" label={t('adminTeams.league')} placeholder={t('adminTeams.anyLeague')} minWidth={180} searchable options={choices.leagues.map((league) => ({ value: league, label: league }))} />
        </>
      }
      withReset
      rowKey="id"
      scroll={{ x: 760 }}
      onRow={rowOpens(setOpen)}
      columns={[
        { key: 'name', title: t('adminTeams.name'), render: (_v, row) => row.name[locale as Locale] },
        { key: 'tag', title: t('adminTeams.tag'), dataIndex: 'tag', render: (tag: string) => <Typography.Text code>{tag}</Typography.Text> },
        { key: 'sport', title: t('adminTeams.sport'), dataIndex: 'sport' },
        { key: 'league', title: t('adminTeams.league'), dataIndex: 'leagueTag' },
        { key: 'players', title: t('adminTeams.players'), dataIndex: 'players', align: 'right' },
        { key: 'products', title: t('adminTeams.products'), dataIndex: 'products', align: 'right' },
        {
          key: 'actions',
          title: t('admin.common.actions'),
          render: (_v, row) => (
            <Button size="small" onClick={() => setOpen(row)} data-testid={`team-open-${row.tag}`}>
              {t('adminTeams.editSquad')}
            </Button>
          ),
        },
      ]}
      data-testid="teams-table"
    >
    <TeamDrawer team={open} onClose={() => setOpen(null)} />
    </ListScreen>
  );
}

function TeamDrawer({ team, onClose }: { team: AdminTeamRow | null; onClose: () => void }) {
  const { t, locale } = useT();
  useFocusReturn(team !== null);
  return (
    <Drawer
      open={team !== null}
      onClose={onClose}
      destroyOnHidden
      size="large"
      rootClassName="admin-teams-drawer"
      title={team ? t('adminTeams.drawerTitle', { team: team.name[locale as Locale] }) : ''}
    >
      {team && <TeamEditor teamId={team.id} />}
    </Drawer>
  );
}

function TeamEditor({ teamId }: { teamId: number }) {
  const { t, locale } = useT();
  const { message } = App.useApp();
  const money = useMoney();
  const detail = useApiQuery(adminTeamsApi.team, { teamId });
  const invalidates = [adminTeamsApi.team, adminTeamsApi.teamList, adminNavigationApi.navTree];
  const save = useApiMutation(adminTeamsApi.savePlayer, invalidates);
  const remove = useApiMutation(adminTeamsApi.removePlayer, invalidates);
  const setPatches = useApiMutation(adminTeamsApi.setTeamPatches, invalidates);
  const [form] = Form.useForm<{ name: string; number: string }>();
  const write = useFormWrite(form, ['name', 'number']);
  const [editing, setEditing] = useState<AdminSquadPlayer | null>(null);
  const [patchIds, setPatchIds] = useState<number[] | null>(null);
  const team = detail.data;
  const chosen = patchIds ?? team?.patches.filter((patch) => patch.via === 'team').map((patch) => patch.id) ?? [];

  const submit = async (values: { name: string; number: string }) => {
    await write(async () => {
      await save.mutateAsync({ teamId, ...(editing ? { id: editing.id } : {}), name: values.name, number: values.number });
      void message.success(t('admin.common.done'));
      setEditing(null);
      form.resetFields();
    });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('adminTeams.squad')}
        </Typography.Title>
        <Form form={form} layout="inline" className="admin-filters" onFinish={submit} data-testid="player-form">
          <Form.Item name="name" label={t('adminTeams.playerName')} extra={t('adminTeams.playerNameHelp')} rules={[{ required: true, message: t('adminTeams.playerNameHelp') }]}>
            <Input maxLength={40} style={{ width: 170 }} autoComplete="off" data-testid="player-name" />
          </Form.Item>
          <Form.Item name="number" label={t('adminTeams.playerNumber')} extra={t('adminTeams.playerNumberHelp')} rules={[{ required: true, message: t('adminTeams.playerNumberHelp') }]}>
            <Input maxLength={4} style={{ width: 80 }} inputMode="numeric" autoComplete="off" data-testid="player-number" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="player-save">
              {editing ? t('admin.common.save') : t('adminTeams.addPlayer')}
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                {t('admin.common.cancel')}
              </Button>
            )}
          </Space>
        </Form>
        <RowsTable<AdminSquadPlayer>
          rowKey="id"
          style={{ marginTop: 12 }}
          loading={detail.isFetching}
          dataSource={team?.squad ?? []}
          locale={{ emptyText: t('adminTeams.noPlayers') }}
          columns={[
            { key: 'number', title: t('adminTeams.playerNumber'), dataIndex: 'number', width: 90 },
            { key: 'name', title: t('adminTeams.playerName'), dataIndex: 'name' },
            {
              key: 'actions',
              title: t('admin.common.actions'),
              width: 170,
              render: (_v, player) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => {
                      setEditing(player);
                      form.setFieldsValue({ name: player.name, number: player.number });
                    }}
                    data-testid={`player-edit-${player.number}`}
                  >
                    {t('admin.common.edit')}
                  </Button>
                  <Popconfirm
                    title={t('adminTeams.removeConfirm', { name: player.name, number: player.number })}
                    okText={t('admin.common.confirm')}
                    cancelText={t('admin.common.cancel')}
                    onConfirm={() => remove.mutateAsync({ teamId, id: player.id }).then(() => void message.success(t('admin.common.done')), () => undefined)}
                  >
                    <Button size="small" danger>
                      {t('admin.common.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
          data-testid="squad-table"
        />
      </section>
      <section>
        <Typography.Title level={5}>{t('adminTeams.patches')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('adminTeams.patchesHelp')}</Typography.Paragraph>
        <Space direction="vertical">
          {team?.patches.map((patch) => (
            <Checkbox
              key={patch.id}
              checked={patch.via === 'league' || chosen.includes(patch.id)}
              disabled={patch.via === 'league'}
              onChange={(event) => setPatchIds(event.target.checked ? [...chosen, patch.id] : chosen.filter((id) => id !== patch.id))}
            >
              {patch.name[locale as Locale]} · {money(patch.price, 'EUR')} {patch.via === 'league' && <Tag>{t('adminTeams.viaLeague')}</Tag>}
            </Checkbox>
          ))}
        </Space>
        <div style={{ marginTop: 12 }}>
          <Button
            disabled={patchIds === null}
            loading={setPatches.isPending}
            onClick={() =>
              setPatches.mutateAsync({ teamId, patchIds: chosen }).then(
                () => {
                  setPatchIds(null);
                  void message.success(t('admin.common.done'));
                },
                () => undefined,
              )
            }
          >
            {t('adminTeams.savePatches')}
          </Button>
        </div>
      </section>
    </Space>
  );
}
