import { ProForm, ProFormCheckbox, ProFormDigit, ProFormSwitch } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminBrandMessages as text, adminCompanyMessages } from '@baobei/shared/messages/admin';
import { HIGH_COMMISSION_MAX_YUAN } from '@baobei/shared/rules/commission-rank';
import { SMS_MESSAGE_KINDS } from '@baobei/shared/rules/message';
import { VISIT_REMINDER_MAX_MINUTES } from '@baobei/shared/rules/awaiting-visit';
import { adminPrivacyMessages as privacyText } from '@baobei/shared/messages/admin/privacy';
import { RETENTION_MAX_MONTHS } from '@baobei/shared/rules/retention';
import { Card, Col, Select, Space, Tag } from 'antd';

/** Host names typed as tags (Enter, comma or space ends one); the server checks and lower-cases them. */
function HostsField({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (value: string[]) => void }) {
  // `id` from the form item, so its label names the input.
  return <Select id={id} mode="tags" open={false} suffixIcon={null} value={value} onChange={onChange} tokenSeparators={[',', ' ', '，']} placeholder={text.hostsPlaceholder} />;
}

/**
 * 报备设置: the report rules' defaults, deal confirmation, WeChat, the kinds also sent by SMS, and
 * the hosts (a field for PLATFORM_ADMIN, shown only to an operator).
 */
export function SettingsSection({ canEditHosts, hosts }: { canEditHosts: boolean; hosts: readonly string[] }) {
  return (
    <Card title={text.sectionSettings}>
      <ProForm.Group>
        <ProFormDigit
          name="maxCustomersPerReport"
          label={text.maxCustomersPerReport}
          colProps={{ span: 8 }}
          min={1}
          max={20}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: adminCompanyMessages.maxCustomersInvalid }]}
        />
        <ProFormDigit
          name="defaultProtectHours"
          label={text.defaultProtectHours}
          colProps={{ span: 8 }}
          min={1}
          max={8760}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: adminCompanyMessages.protectHoursInvalid }]}
        />
        <ProFormDigit
          name="defaultReportLeadTime"
          label={text.defaultReportLeadTime}
          colProps={{ span: 8 }}
          min={0}
          max={1440}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: adminCompanyMessages.leadTimeInvalid }]}
        />
        <ProFormDigit
          name="protectionWarningHours"
          label={text.protectionWarningHours}
          tooltip={text.protectionWarningHoursTooltip}
          colProps={{ span: 8 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: adminCompanyMessages.protectionWarningHoursInvalid },
            { type: 'integer', min: 0, max: 168, message: adminCompanyMessages.protectionWarningHoursInvalid },
          ]}
        />
        <ProFormDigit
          name="highCommissionYuan"
          label={text.highCommissionYuan}
          tooltip={text.highCommissionTooltip}
          colProps={{ span: 8 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: adminCompanyMessages.highCommissionInvalid },
            { type: 'integer', min: 0, max: HIGH_COMMISSION_MAX_YUAN, message: adminCompanyMessages.highCommissionInvalid },
          ]}
        />
        {/* 到访提醒提前 (docs/decisions/089): the server refuses anything but 0 to 1440 too. */}
        <ProFormDigit
          name="visitReminderMinutes"
          label={text.visitReminderMinutes}
          tooltip={text.visitReminderMinutesTooltip}
          colProps={{ span: 8 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: adminCompanyMessages.visitReminderMinutesInvalid },
            { type: 'integer', min: 0, max: VISIT_REMINDER_MAX_MINUTES, message: adminCompanyMessages.visitReminderMinutesInvalid },
          ]}
        />
        {/* 数据保留 (docs/decisions/093): one month to ten years; the server refuses anything else too. */}
        <ProFormDigit
          name="retentionMonths"
          label={privacyText.retentionMonths}
          tooltip={privacyText.retentionMonthsTooltip}
          colProps={{ span: 8 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: privacyText.retentionMonthsInvalid },
            { type: 'integer', min: 1, max: RETENTION_MAX_MONTHS, message: privacyText.retentionMonthsInvalid },
          ]}
        />
        <ProFormDigit
          name="pictureRetentionMonths"
          label={privacyText.pictureRetentionMonths}
          tooltip={privacyText.pictureRetentionMonthsTooltip}
          colProps={{ span: 8 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: privacyText.pictureRetentionMonthsInvalid },
            { type: 'integer', min: 1, max: RETENTION_MAX_MONTHS, message: privacyText.pictureRetentionMonthsInvalid },
          ]}
        />
        <ProFormSwitch name="dealConfirmByAdmin" label={text.dealConfirmByAdmin} colProps={{ span: 8 }} />
        <ProFormSwitch name="wechatEnabled" label={text.wechatEnabled} colProps={{ span: 8 }} />
        {/* 短信通知 (docs/decisions/054): the notification kinds also sent by SMS to the recipient's phone. */}
        <ProFormCheckbox.Group
          name="smsNotifyKinds"
          label={messages.message.smsNotify}
          tooltip={messages.message.smsNotifyHint}
          colProps={{ span: 24 }}
          options={SMS_MESSAGE_KINDS.map((kind) => ({ label: messages.message.kind[kind], value: kind }))}
        />
        {canEditHosts ? (
          <Col span={24}>
            <ProForm.Item
              name="hosts"
              label={text.hosts}
              tooltip={text.hostsEditTooltip}
              rules={[{ required: true, type: 'array', min: 1, message: adminCompanyMessages.hostsRequired }]}
            >
              <HostsField />
            </ProForm.Item>
          </Col>
        ) : (
          <Col span={8}>
            <ProForm.Item label={text.hosts} tooltip={text.hostsTooltip}>
              <Space wrap>
                {hosts.map((host) => (
                  <Tag key={host}>{host}</Tag>
                ))}
              </Space>
            </ProForm.Item>
          </Col>
        )}
      </ProForm.Group>
    </Card>
  );
}
