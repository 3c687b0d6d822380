import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { api } from '@baobei/shared/contract';
import { adminAccountMessages as text, adminBatchMessages as batch } from '@baobei/shared/messages/admin';
import { isAssignedAuditor, isAuditorAdmin, isChannelManager } from '@baobei/shared/rules/access';
import { CONSOLE_SCOPE_LABELS } from '@baobei/shared/rules/console-scopes';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import type { AccountGroup, AdminAccount } from '@baobei/shared/schemas/admin-account';
import { App, Button, Dropdown, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { listAccounts, useAccountMutations } from '../api/accounts';
import { AccountForm } from './account-form';
import { PasswordModal, type ShownPassword } from '../../../components/password-modal';
import { BATCH_SELECTION, batchAlert, useBatchConfirm, useBatchRunner } from '../../../components/batch-actions';
import { call } from '../../../lib/api-client';
import { useConsoleAccess, writable } from '../../../lib/console-access';
import { useLatestOnly } from '../../../components/console-table';

type Filters = { keyword?: string; active?: 'true' | 'false' };

/**
 * One group's accounts (审核员 / 渠道 / 运营管理员): a ProTable with name-or-phone search and
 * status filter, the group's own columns, and the actions. Every action asks first and reloads
 * the table after; a refusal (a stale version, oneself) is shown as the server says it.
 */
export function AccountTable({ group, meId }: { group: AccountGroup; meId: number | undefined }) {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const { message, modal } = App.useApp();
  const mutations = useAccountMutations();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  // The row whose 休假 switch is saving: it spins and takes no second click (a second one at the
  // same version would only come back 409).
  const [vacationSaving, setVacationSaving] = useState<number | null>(null);
  const reload = () => void actionRef.current?.reload();
  const confirmBatch = useBatchConfirm();
  const runBatch = useBatchRunner(actionRef);
  // docs/decisions/081: only 运营管理员 (and the platform administrator) changes accounts.
  const { canWrite } = useConsoleAccess('accounts');

  const act = (title: string, content: string, work: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: text.ok,
      cancelText: text.cancel,
      okButtonProps: danger ? { danger: true } : {},
      onOk: async () => {
        try {
          await work();
          void message.success(done);
        } catch (error) {
          void message.error(errorMessage(error, messages.common.requestException));
        } finally {
          reload();
        }
      },
    });

  const resetPassword = (row: AdminAccount) =>
    modal.confirm({
      title: text.confirmReset(row.name),
      content: text.confirmResetHint,
      okText: text.ok,
      cancelText: text.cancel,
      onOk: async () => {
        try {
          const answer = await mutations.resetPassword.mutateAsync(row.id);
          setShown({ intro: text.passwordReset_(row.name), password: answer.password });
        } catch (error) {
          void message.error(errorMessage(error, messages.common.requestException));
        } finally {
          reload();
        }
      },
    });

  const setVacation = async (row: AdminAccount, vacation: boolean) => {
    setVacationSaving(row.id);
    try {
      await mutations.update.mutateAsync({ id: row.id, version: row.version, vacation });
      void message.success(vacation ? text.vacationOn : text.vacationOff);
    } catch (error) {
      void message.error(errorMessage(error, messages.common.requestException));
    } finally {
      // Released once the row is read again, so the next click sends the new version.
      await actionRef.current?.reload();
      setVacationSaving(null);
    }
  };

  const signInState = (row: AdminAccount) => (
    <Space size={[4, 4]} wrap>
      {row.locked ? (
        <Tooltip title={text.lockedHint(row.signInFailures)}>
          <Tag color="error">{text.locked}</Tag>
        </Tooltip>
      ) : null}
      {row.mustChangePassword ? <Tag color="warning">{text.mustChange}</Tag> : null}
      <Typography.Text type="secondary">{text.sessions(row.sessionCount)}</Typography.Text>
    </Space>
  );

  const columns: ProColumns<AdminAccount>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: text.keywordPlaceholder } },
    {
      title: text.colStatus,
      dataIndex: 'active',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: text.statusActive }, false: { text: text.statusDisabled } },
    },
    {
      title: text.colName,
      dataIndex: 'name',
      search: false,
      width: 128,
      // The status sits with the name: a disabled account reads as such wherever the eye lands.
      render: (_, row) => (
        <Space size={4}>
          <Typography.Text type={row.active ? undefined : 'secondary'} ellipsis style={{ maxWidth: row.active ? 110 : 56 }}>
            {row.name}
          </Typography.Text>
          {row.active ? null : <Tag color="default">{text.statusDisabled}</Tag>}
        </Space>
      ),
    },
    { title: text.colPhone, dataIndex: 'phone', search: false, width: 120 },
    {
      title: text.colRole,
      dataIndex: 'role',
      search: false,
      width: 92,
      render: (_, row) => <Tag color={isAuditorAdmin(row.role) || isChannelManager(row.role) ? 'blue' : 'default'}>{ROLE_LABELS[row.role]}</Tag>,
    },
    ...(group === 'auditor'
      ? ([
          {
            title: text.colVacation,
            dataIndex: 'vacation',
            search: false,
            width: 64,
            render: (_, row) => (
              <Switch
                size="small"
                checked={row.vacation}
                loading={vacationSaving === row.id}
                aria-label={`${text.colVacation} ${row.name}`}
                disabled={!canWrite}
                onChange={(checked) => void setVacation(row, checked)}
              />
            ),
          },
          {
            title: text.colScope,
            dataIndex: 'scope',
            search: false,
            width: 240,
            render: (_, row) =>
              !isAssignedAuditor(row.role) ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : row.scopeHouses.length + row.scopeCities.length === 0 ? (
                <Typography.Text type="secondary">{text.scopeAll}</Typography.Text>
              ) : (
                <Tooltip title={[...row.scopeCities, ...row.scopeHouses].map((x) => x.name).join('、')}>
                  <Space size={[4, 4]} wrap>
                    {row.scopeCities.map((c) => (
                      <Tag key={`c${c.id}`} color="geekblue">
                        {c.name}
                      </Tag>
                    ))}
                    {row.scopeHouses.slice(0, 3).map((h) => (
                      <Tag key={`h${h.id}`}>{h.name}</Tag>
                    ))}
                    {row.scopeHouses.length > 3 ? <Tag>+{row.scopeHouses.length - 3}</Tag> : null}
                  </Space>
                </Tooltip>
              ),
          },
        ] satisfies ProColumns<AdminAccount>[])
      : []),
    ...(group === 'operator'
      ? ([
          {
            title: text.colConsoleScope,
            dataIndex: 'consoleScope',
            search: false,
            width: 100,
            render: (_, row) => (row.consoleScope ? <Tag color={row.consoleScope === 'ADMIN' ? 'blue' : 'default'}>{CONSOLE_SCOPE_LABELS[row.consoleScope]}</Tag> : '—'),
          },
        ] satisfies ProColumns<AdminAccount>[])
      : []),
    ...(group === 'channel'
      ? ([
          { title: text.colManageArea, dataIndex: 'manageArea', search: false, width: 130, ellipsis: true, render: (_, row) => row.manageArea || '—' },
          {
            title: text.colDistributors,
            dataIndex: 'distributors',
            search: false,
            width: 190,
            render: (_, row) =>
              row.distributors.length === 0 ? (
                <Typography.Text type="secondary">{text.none}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {row.distributors.map((d) => (
                    <Tag key={d.id}>{d.name}</Tag>
                  ))}
                </Space>
              ),
          },
        ] satisfies ProColumns<AdminAccount>[])
      : []),
    { title: text.colSignIn, dataIndex: 'signIn', search: false, width: 150, render: (_, row) => signInState(row) },
    { title: text.colCreatedAt, dataIndex: 'createdAt', valueType: 'date', search: false, width: 108 },
    ...writable<ProColumns<AdminAccount>>(canWrite, [
      {
        title: text.colActions,
        valueType: 'option',
        width: 184,
        fixed: 'right',
        render: (_, row) => {
          const self = row.id === meId;
          const more = [
            { key: 'unlock', label: text.unlock, disabled: !row.locked },
            { key: 'end', label: text.endSessions, disabled: self || row.sessionCount === 0 },
            row.active ? { key: 'disable', label: text.disable, danger: true, disabled: self } : { key: 'enable', label: text.enable },
          ];
          return [
            <a
              key="edit"
              onClick={() => {
                setEditing(row);
                setFormOpen(true);
              }}
            >
              {text.edit}
            </a>,
            self ? null : (
              <a key="reset" onClick={() => resetPassword(row)}>
                {text.resetPassword}
              </a>
            ),
            <Dropdown
              key="more"
              trigger={['click']}
              menu={{
                items: more,
                onClick: ({ key }) => {
                  if (key === 'unlock') act(text.confirmUnlock(row.name), text.confirmUnlockHint, () => mutations.unlock.mutateAsync(row.id), text.unlocked);
                  if (key === 'end')
                    act(text.confirmEndSessions(row.name), text.confirmEndSessionsHint, () => mutations.endSessions.mutateAsync(row.id), text.sessionsEnded, true);
                  if (key === 'disable')
                    act(text.confirmDisable(row.name), text.confirmDisableHint, () => mutations.disable.mutateAsync({ id: row.id, version: row.version }), text.disabled, true);
                  if (key === 'enable') act(text.confirmEnable(row.name), '', () => mutations.enable.mutateAsync({ id: row.id, version: row.version }), text.enabled);
                },
              }}
            >
              <a onClick={(event) => event.preventDefault()}>
                {text.more} <DownOutlined style={{ fontSize: 10 }} />
              </a>
            </Dropdown>,
          ];
        },
      },
    ]),
  ];

  return (
    <>
      <ProTable<AdminAccount, Filters>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        scroll={{ x: columns.reduce((sum, c) => sum + (c.hideInTable ? 0 : Number(c.width ?? 0)), 0) }}
        pagination={{ defaultPageSize: 20, showSizeChanger: false, showTotal: text.total }}
        request={latestOnly(async ({ current, pageSize, keyword, active }) => {
          const page = await listAccounts({
            group,
            page: current ?? 1,
            pageSize: pageSize ?? 20,
            ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
            ...(active ? { active } : {}),
          });
          return { data: page.list, total: page.total, success: true };
        })}
        // Issue 30, item 3: 批量停用 (never one's own account: its box is off).
        rowSelection={canWrite ? { ...BATCH_SELECTION, getCheckboxProps: (row) => ({ disabled: row.id === meId || !row.active }) } : false}
        tableAlertRender={batchAlert}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Button
            size="small"
            danger
            onClick={() =>
              confirmBatch(
                batch.disableConfirm(selectedRows.length),
                batch.disable,
                () =>
                  runBatch(
                    () => call(api.adminBatch.disableAccounts, { body: { ids: selectedRows.map((r) => r.id) } }),
                    (id) => selectedRows.find((r) => r.id === id)?.name ?? String(id),
                    onCleanSelected,
                  ),
                true,
              )
            }
          >
            {batch.disable}
          </Button>
        )}
        toolBarRender={() =>
          writable(canWrite, [
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              {text.create}
            </Button>,
          ])
        }
      />
      <AccountForm
        key={editing ? `edit-${editing.id}-${editing.version}` : 'create'}
        group={group}
        editing={editing}
        meId={meId}
        open={formOpen}
        onOpenChange={setFormOpen}
        onCreated={(next) => {
          setShown(next);
          reload();
        }}
        onSaved={() => {
          void message.success(text.saved);
          reload();
        }}
      />
      <PasswordModal shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
