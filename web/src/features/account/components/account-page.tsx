import { LockOutlined, MailOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Skeleton, Switch } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/toast-store';
import { validateBusinessName, validatePassword } from '@/lib/account-validation';
import { isApiError } from '@/lib/api-client';
import { rule } from '@/lib/form-rule';
import {
  useAccount,
  useChangePassword,
  useMailPreferences,
  useUpdateAccount,
  useUpdateMailPreferences,
  type CustomerAccount,
  type MailPreferences,
} from '../api/account';
import {
  ALWAYS_SENT,
  businessTypeOptions,
  DETAILS_FIELDS,
  detailsFormValues,
  fieldErrorsOf,
  MAIL_PREFERENCE_SWITCHES,
  PASSWORD_FIELDS,
  PasswordChangeMessages,
  PasswordFormMessages,
  toAccountChanges,
  type DetailsFormValues,
  type PasswordFormValues,
} from '../account-form';
import './account.css';

/**
 * /account, for customers (issue 20): their business details, their password, and which optional
 * emails they get. Each section saves on its own.
 */
export function AccountPage() {
  return (
    <div className="account-page">
      <div className="account-main">
        <BusinessDetailsSection />
      </div>
      <div className="account-side">
        <PasswordSection />
        <NotificationsSection />
      </div>
    </div>
  );
}

function Section({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card
      className="account-section"
      aria-labelledby={`${id}-heading`}
      role="region"
      title={
        <h2 className="card-heading" id={`${id}-heading`}>
          <span className="account-section-icon" aria-hidden="true">
            {icon}
          </span>
          {title}
        </h2>
      }
    >
      {children}
    </Card>
  );
}

function BusinessDetailsSection() {
  const account = useAccount();
  return (
    <Section id="business-details" icon={<ShopOutlined />} title="Business details">
      {account.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : account.isError || !account.data ? (
        <LoadError title="Your account could not be loaded" query={account} />
      ) : (
        <BusinessDetailsForm account={account.data} />
      )}
    </Section>
  );
}

function BusinessDetailsForm({ account }: { account: CustomerAccount }) {
  const [form] = Form.useForm<DetailsFormValues>();
  const update = useUpdateAccount();

  // a newer answer (saved here, or read again) is what the form shows
  useEffect(() => form.setFieldsValue(detailsFormValues(account)), [account, form]);

  const onFinish = (values: DetailsFormValues) => {
    const changes = toAccountChanges(account, values);
    if (Object.keys(changes).length === 0) {
      notify.success('Your business details are as they were', 'Nothing to save');
      return;
    }
    update.mutate(changes, {
      onSuccess: () => notify.success('Your business details were saved', 'Details saved'),
      onError: (err) => {
        const fields = fieldErrorsOf(err, DETAILS_FIELDS);
        if (fields.length > 0) {
          form.setFields(fields);
          notify.error('Please correct the highlighted fields', 'Your details were not saved');
        } else {
          notify.failed('Failed to save your business details', err);
        }
      },
    });
  };

  return (
    <Form<DetailsFormValues>
      form={form}
      name="account-details"
      layout="vertical"
      requiredMark={false}
      noValidate
      initialValues={detailsFormValues(account)}
      onFinish={onFinish}
      className="account-form"
    >
      <p className="account-email">
        <span className="muted">Signed in as</span> <strong>{account.email}</strong>
      </p>
      <div className="form-row">
        <Form.Item name="businessName" label="Business name" rules={[rule(validateBusinessName)]}>
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>
        <Form.Item name="businessType" label="Business type">
          <Select placeholder="Select business type" options={businessTypeOptions(account.businessType)} />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="firstName" label="First name">
          <Input autoComplete="given-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="lastName" label="Last name">
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
      </div>
      <Form.Item name="phone" label="Phone">
        <Input type="tel" autoComplete="tel" maxLength={40} />
      </Form.Item>
      <Form.Item name="address" label="Delivery address">
        <Input.TextArea rows={3} autoComplete="street-address" maxLength={1000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} className="account-submit">
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </Form>
  );
}

function PasswordSection() {
  const [form] = Form.useForm<PasswordFormValues>();
  const change = useChangePassword();

  const onFinish = ({ currentPassword = '', newPassword = '' }: PasswordFormValues) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success(PasswordFormMessages.changed, 'Password changed');
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err, PASSWORD_FIELDS);
          if (fields.length > 0) form.setFields(fields);
          // too many wrong current passwords: the server says how long to wait
          else if (isApiError(err, 429)) notify.error(err.serverMessage ?? 'Too many attempts, try again later', 'Password not changed');
          else notify.failed('Failed to change your password', err);
        },
      },
    );
  };

  return (
    <Section id="password" icon={<LockOutlined />} title="Password">
      <Form<PasswordFormValues> form={form} name="account-password" layout="vertical" requiredMark={false} noValidate onFinish={onFinish} className="account-form">
        <Form.Item
          name="currentPassword"
          label="Current password"
          rules={[rule((value: string | undefined) => (value ? undefined : PasswordChangeMessages.currentRequired))]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label="New password" rules={[rule(validatePassword)]} extra="At least 6 characters. Your other devices will be signed out.">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm new password"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) =>
              rule((value: string | undefined) => {
                if (!value) return PasswordFormMessages.confirmRequired;
                return value === getFieldValue('newPassword') ? undefined : PasswordFormMessages.mismatch;
              }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} className="account-submit">
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </Form>
    </Section>
  );
}

function NotificationsSection() {
  const preferences = useMailPreferences();
  return (
    <Section id="notifications" icon={<MailOutlined />} title="Notifications">
      <p className="muted account-intro">Choose which emails we send you.</p>
      {preferences.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : preferences.isError || !preferences.data ? (
        <LoadError inline title="Your email settings could not be loaded" query={preferences} />
      ) : (
        <MailPreferenceSwitches saved={preferences.data} />
      )}
      <p className="muted account-always-sent">{ALWAYS_SENT}</p>
    </Section>
  );
}

function MailPreferenceSwitches({ saved }: { saved: MailPreferences }) {
  const update = useUpdateMailPreferences();
  const pendingKey = update.isPending ? (Object.keys(update.variables ?? {})[0] as keyof MailPreferences | undefined) : undefined;

  const toggle = (key: keyof MailPreferences, label: string, on: boolean) => {
    update.mutate(
      { [key]: on },
      {
        onSuccess: () => notify.success(`${label}: ${on ? 'on' : 'off'}`, 'Email settings saved'),
        onError: (err) => notify.failed(`Failed to save ${label.toLowerCase()}`, err),
      },
    );
  };

  return (
    <ul className="account-switches">
      {MAIL_PREFERENCE_SWITCHES.map(({ key, label, description }) => (
        <li key={key}>
          <label className="account-switch" htmlFor={`mail-${key}`}>
            <span className="account-switch-text">
              <span className="account-switch-label" id={`mail-${key}-label`}>
                {label}
              </span>
              <span className="account-switch-description muted" id={`mail-${key}-description`}>
                {description}
              </span>
            </span>
            <Switch
              id={`mail-${key}`}
              checked={saved[key]}
              loading={pendingKey === key}
              disabled={update.isPending}
              aria-labelledby={`mail-${key}-label`}
              aria-describedby={`mail-${key}-description`}
              onChange={(on) => toggle(key, label, on)}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}

export default AccountPage;
