import { DrawerForm, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages as text } from '@baobei/shared/messages/admin';
import { isAssignedAuditor } from '@baobei/shared/rules/access';
import { MAINLAND_PHONE_PATTERN } from '@baobei/shared/rules/phone';
import { CONSOLE_SCOPES, CONSOLE_SCOPE_LABELS, DEFAULT_CONSOLE_SCOPE, type ConsoleScope } from '@baobei/shared/rules/console-scopes';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { ACCOUNT_GROUPS, type AccountGroup, type AccountRole, type AdminAccount } from '@baobei/shared/schemas/admin-account';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { errorMessage, isApiError, refusedField } from '../../../lib/api-error';
import { useAccountMutations, useAccountOptions } from '../api/accounts';
import type { ShownPassword } from '../../../components/password-modal';

interface Values {
  name: string;
  phone: string;
  role: AccountRole;
  vacation?: boolean;
  manageArea?: string;
  scopeHouseIds?: number[];
  scopeCityIds?: number[];
  distributorIds?: number[];
  consoleScope?: ConsoleScope;
}
const FIELDS = ['name', 'phone', 'role', 'vacation', 'manageArea', 'scopeHouseIds', 'scopeCityIds', 'distributorIds', 'consoleScope'] as const;

/** The field a refusal names (`data.field`, decision 039), if the form has it. */
function formFieldOf(error: unknown): (typeof FIELDS)[number] | null {
  const field = refusedField(error);
  return field !== null && (FIELDS as readonly string[]).includes(field) ? (field as (typeof FIELDS)[number]) : null;
}

export const GROUP_LABEL: Record<AccountGroup, string> = { auditor: text.tabAuditors, channel: text.tabChannel, operator: text.tabOperators };

/**
 * New account or edit (a drawer): name, phone, role within the group; vacation and the audit scope
 * for auditors; the managed area and distributors for channel staff; the console scope for
 * operators (docs/decisions/081: never one's own). A refusal lands on its field;
 * a stale version (409) offers to reload the account.
 */
export function AccountForm({
  group,
  editing,
  meId,
  open,
  onOpenChange,
  onCreated,
  onSaved,
}: {
  group: AccountGroup;
  /** The account as listed; null: a new one. */
  editing: AdminAccount | null;
  /** The signed-in account: its own scope is shown, not changed. */
  meId: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (shown: ShownPassword) => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<{ msg: string; stale: boolean } | null>(null);
  const options = useAccountOptions(open && group !== 'operator');
  const mutations = useAccountMutations();
  const roles = ACCOUNT_GROUPS[group];
  const ownScope = editing !== null && editing.id === meId;

  const initial: Values = editing
    ? {
        name: editing.name,
        phone: editing.phone,
        role: editing.role,
        vacation: editing.vacation,
        manageArea: editing.manageArea,
        scopeHouseIds: editing.scopeHouses.map((h) => h.id),
        scopeCityIds: editing.scopeCities.map((c) => c.id),
        distributorIds: editing.distributors.map((d) => d.id),
        consoleScope: editing.consoleScope ?? DEFAULT_CONSOLE_SCOPE,
      }
    : { name: '', phone: '', role: roles[0], vacation: false, manageArea: '', scopeHouseIds: [], scopeCityIds: [], distributorIds: [], consoleScope: DEFAULT_CONSOLE_SCOPE };

  const submit = async (values: Values) => {
    setFailure(null);
    const common = {
      name: values.name,
      phone: values.phone,
      role: values.role,
      ...(group === 'auditor' ? { vacation: values.vacation ?? false } : {}),
      ...(group === 'auditor' && isAssignedAuditor(values.role) ? { scopeHouseIds: values.scopeHouseIds ?? [], scopeCityIds: values.scopeCityIds ?? [] } : {}),
      ...(group === 'channel' ? { manageArea: values.manageArea ?? '', distributorIds: values.distributorIds ?? [] } : {}),
      ...(group === 'operator' && !ownScope ? { consoleScope: values.consoleScope ?? DEFAULT_CONSOLE_SCOPE } : {}),
    };
    try {
      if (editing) {
        await mutations.update.mutateAsync({ id: editing.id, version: editing.version, ...common });
        onSaved();
      } else {
        const created = await mutations.create.mutateAsync({ group, ...common });
        onCreated({ intro: text.passwordCreated(created.account.name), password: created.password });
      }
      return true;
    } catch (error) {
      const msg = errorMessage(error, messages.common.requestException);
      const field = formFieldOf(error);
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else setFailure({ msg, stale: isApiError(error) && error.code === 409 });
      return false;
    }
  };

  const houseOptions = (options.data?.houses ?? []).map((h) => ({ value: h.id, label: `${h.name}（${h.cityName}）` }));
  const cityOptions = (options.data?.cities ?? []).map((c) => ({ value: c.id, label: c.name }));
  const distributorOptions = (options.data?.distributors ?? []).map((d) => ({
    value: d.id,
    label: d.channelUserId !== null && d.channelUserId !== editing?.id ? `${d.name}${text.distributorOwnedBy(d.channelName)}` : d.name,
  }));

  return (
    <DrawerForm<Values>
      title={editing ? text.editTitle(editing.name) : text.createTitle(GROUP_LABEL[group])}
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
      form={form}
      width={560}
      layout="vertical"
      initialValues={initial}
      drawerProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: text.save, resetText: text.cancel } }}
      onFinish={submit}
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={failure.msg}
          style={{ marginBottom: 16 }}
          action={
            failure.stale ? (
              <Button size="small" onClick={() => { onSaved(); onOpenChange(false); }}>
                {text.staleReload}
              </Button>
            ) : null
          }
        />
      ) : null}
      <ProFormText
        name="name"
        label={text.fieldName}
        fieldProps={{ maxLength: 30, showCount: true }}
        rules={[{ required: true, whitespace: true, message: text.nameRequired }]}
      />
      <ProFormText
        name="phone"
        label={text.fieldPhone}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[
          { required: true, message: text.phoneRequired },
          { pattern: MAINLAND_PHONE_PATTERN, message: text.phoneInvalid },
        ]}
      />
      <ProFormSelect
        name="role"
        label={text.fieldRole}
        disabled={roles.length === 1}
        options={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        rules={[{ required: true, message: text.roleRequired }]}
        allowClear={false}
      />
      {group === 'operator' ? (
        <ProFormSelect
          name="consoleScope"
          label={text.fieldConsoleScope}
          disabled={ownScope}
          options={CONSOLE_SCOPES.map((scope) => ({ value: scope, label: CONSOLE_SCOPE_LABELS[scope] }))}
          extra={ownScope ? text.selfConsoleScope : text.fieldConsoleScopeExtra}
          allowClear={false}
        />
      ) : null}
      {group === 'auditor' ? (
        <>
          <ProFormSwitch name="vacation" label={text.fieldVacation} extra={text.fieldVacationExtra} />
          <ProFormDependency name={['role']}>
            {({ role }) =>
              isAssignedAuditor(role as string) ? (
                <>
                  <ProFormSelect
                    name="scopeHouseIds"
                    label={text.fieldScopeHouses}
                    mode="multiple"
                    options={houseOptions}
                    fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: options.isLoading, maxTagCount: 'responsive' }}
                  />
                  <ProFormSelect
                    name="scopeCityIds"
                    label={text.fieldScopeCities}
                    mode="multiple"
                    options={cityOptions}
                    extra={text.fieldScopeExtra}
                    fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: options.isLoading }}
                  />
                </>
              ) : null
            }
          </ProFormDependency>
        </>
      ) : null}
      {group === 'channel' ? (
        <>
          <ProFormText
            name="manageArea"
            label={text.fieldManageArea}
            fieldProps={{ maxLength: 100, showCount: true, placeholder: text.fieldManageAreaPlaceholder }}
          />
          <ProFormSelect
            name="distributorIds"
            label={text.fieldDistributors}
            mode="multiple"
            options={distributorOptions}
            extra={text.fieldDistributorsExtra}
            fieldProps={{ showSearch: true, optionFilterProp: 'label', loading: options.isLoading, maxTagCount: 'responsive' }}
          />
        </>
      ) : null}
    </DrawerForm>
  );
}
