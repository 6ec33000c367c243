import { Button, Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '@/components/ui/toast-store';
import { rule } from '@/lib/form-rule';
import { useAdminRegister, type AdminRegisterInput } from '../api/auth';
import { ADMIN_REGISTERED_REDIRECT_MS, AdminAuthMessages, adminRegisterErrorMessage } from '../admin-messages';
import { AuthMessages, validateEmail, validatePassword, validateRequired } from '@/lib/account-validation';
import { AdminAuthLayout } from './admin-login-page';
import './admin-auth.css';

/** Spec section 2: /admin/register, with the registration key a system administrator issues. */
export function AdminRegisterPage() {
  const register = useAdminRegister();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onFinish = (values: AdminRegisterInput) => {
    register
      .mutateAsync({
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        registrationKey: values.registrationKey,
      })
      .then(
        () => {
          notify.success(AdminAuthMessages.registered, AdminAuthMessages.registeredTitle);
          timer.current = setTimeout(() => navigate('/admin/login'), ADMIN_REGISTERED_REDIRECT_MS);
        },
        (err: unknown) => notify.error(adminRegisterErrorMessage(err), AdminAuthMessages.registrationFailedTitle),
      );
  };

  return (
    <AdminAuthLayout title="Admin Registration" subtitle="Create a new admin account">
      <Form<AdminRegisterInput>
        noValidate
        name="admin-register"
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={onFinish}
        requiredMark={false}
        className="admin-auth-form"
      >
        <Form.Item label="Email" name="email" rules={[rule(validateEmail)]}>
          <Input type="email" autoComplete="email" placeholder="admin@bakery.com" />
        </Form.Item>
        <div className="admin-auth-names">
          <Form.Item label="First Name" name="firstName" rules={[rule(validateRequired(AuthMessages.firstName))]}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last Name" name="lastName" rules={[rule(validateRequired(AuthMessages.lastName))]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Password" name="password" rules={[rule(validatePassword)]}>
          <Input.Password autoComplete="new-password" placeholder="At least 6 characters" />
        </Form.Item>
        <Form.Item
          label="Admin Registration Key"
          name="registrationKey"
          rules={[rule(validateRequired(AuthMessages.registrationKey))]}
          extra="Contact your system administrator for a registration key"
        >
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={register.isPending || register.isSuccess}>
          {register.isPending ? 'Creating Account...' : 'Create Admin Account'}
        </Button>
      </Form>
      <div className="admin-auth-links">
        <Link to="/admin/login">Already have an account? Sign in</Link>
      </div>
    </AdminAuthLayout>
  );
}

export default AdminRegisterPage;
