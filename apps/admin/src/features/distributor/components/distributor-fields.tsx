import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import { MAINLAND_PHONE_PATTERN } from '@baobei/shared/rules/phone';
import { isValidCreditCode } from '@baobei/shared/rules/registration';
import type { DistributorOptions } from '../api/distributors';

/**
 * A distributor's fields as the console edits them (the drawer's 基本信息) and creates them
 * (新建分销商, with the credit code and a required city). One place for their rules and limits.
 */
export function DistributorFields({ options, creating = false }: { options: DistributorOptions | undefined; creating?: boolean }) {
  return (
    <>
      <ProForm.Group>
        <ProFormText name="name" label={text.name} width="md" rules={[{ required: true, whitespace: true, message: text.nameRequired }]} fieldProps={{ maxLength: 100 }} />
        <ProFormText name="shortName" label={text.shortName} width="sm" rules={[{ required: true, whitespace: true, message: text.shortNameRequired }]} fieldProps={{ maxLength: 50 }} />
      </ProForm.Group>
      {creating ? (
        <ProFormText
          name="creditNo"
          label={text.creditNo}
          width="md"
          fieldProps={{ maxLength: 18 }}
          rules={[
            { required: true, message: messages.registration.creditNoRequired },
            {
              validator: async (_, value: string) =>
                !value || isValidCreditCode(value.trim().toUpperCase()) ? undefined : Promise.reject(new Error(messages.registration.creditNoInvalid)),
            },
          ]}
        />
      ) : null}
      <ProForm.Group>
        <ProFormSelect
          name="cityId"
          label={text.city}
          width="sm"
          options={options?.cities ?? []}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: !creating }}
          rules={creating ? [{ required: true, message: text.cityRequired }] : []}
        />
        <ProFormSelect name="channelUserId" label={text.channel} width="md" options={options?.channels ?? []} fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: true }} />
      </ProForm.Group>
      <ProFormText name="address" label={text.address} fieldProps={{ maxLength: 200 }} />
      <ProForm.Group>
        <ProFormText name="managerName" label={text.managerName} width="sm" rules={[{ required: true, whitespace: true, message: text.managerNameRequired }]} fieldProps={{ maxLength: 30 }} />
        <ProFormText
          name="managerPhone"
          label={text.managerPhone}
          width="sm"
          rules={[{ required: true, pattern: MAINLAND_PHONE_PATTERN, message: text.managerPhoneInvalid }]}
          fieldProps={{ maxLength: 11 }}
        />
      </ProForm.Group>
    </>
  );
}
