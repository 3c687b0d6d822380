import { PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import type { CreateDistributorInput } from '@baobei/shared/schemas/admin-distributor';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import type { ShownPassword } from '../../../components/password-modal';
import { errorMessage, refusedField } from '../../../lib/api-error';
import { createDistributor, type DistributorOptions } from '../api/distributors';
import { DistributorFields } from './distributor-fields';

type FormValues = Omit<CreateDistributorInput, 'cityId' | 'channelUserId'> & { cityId?: number; channelUserId?: number };
const FIELDS = ['name', 'shortName', 'creditNo', 'cityId', 'channelUserId', 'address', 'managerName', 'managerPhone'];

/**
 * 新建分销商 (issue 30, item 5; decision 078): a distributor the operator signs up, with its
 * general account for the manager's phone. The server's refusals land on their fields; the
 * one-time password goes to `onCreated`, which shows it once.
 */
export function CreateDistributorForm({ options, onCreated }: { options: DistributorOptions | undefined; onCreated: (shown: ShownPassword) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const { message } = App.useApp();

  const submit = async (values: FormValues) => {
    setFailure(null);
    try {
      // The form requires a city; 0 would be refused by the server as none chosen.
      const created = await createDistributor({ ...values, cityId: values.cityId ?? 0, channelUserId: values.channelUserId ?? null });
      void message.success(text.created);
      onCreated({ intro: text.accountCreated(created.account.name, created.account.phone), password: created.account.password });
      return true;
    } catch (error) {
      const msg = errorMessage(error, messages.common.requestException);
      const field = refusedField(error);
      if (field && FIELDS.includes(field)) form.setFields([{ name: field as keyof FormValues, errors: [msg] }]);
      else setFailure(msg);
      return false;
    }
  };

  return (
    <ModalForm<FormValues>
      title={text.createTitle}
      form={form}
      width={640}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, onCancel: () => setFailure(null) }}
      submitter={{ searchConfig: { submitText: text.createSubmit, resetText: text.cancel } }}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {text.create}
        </Button>
      }
      onFinish={submit}
    >
      <Alert type="info" showIcon message={text.createHint} style={{ marginBottom: 16 }} />
      {failure ? <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} /> : null}
      <DistributorFields options={options} creating />
    </ModalForm>
  );
}
