import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { notify, toastAcrossNavigation } from '@/components/ui/toast-store';
import { assignLocation } from '@/lib/browser';
import { rule } from '@/lib/form-rule';
import { useAdminLogin, type LoginInput } from '../api/auth';
import { AdminAuthMessages, adminLoginErrorMessage } from '../admin-messages';
import { validateEmail, validatePassword } from '@/lib/account-validation';
import './admin-auth.css';

/** Where a signed-in administrator lands (a full navigation: a fresh page for the new session). */
export const ADMIN_HOME_AFTER_LOGIN = '/admin/products';

/** Spec section 2: /admin/login, 'Admin Portal' for authorized personnel. */
export function AdminLoginPage() {
  const login = useAdminLogin();

  const onFinish = (values: LoginInput) => {
    login.mutateAsync({ email: values.email.trim(), password: values.password }).then(
      ({ user }) => {
        if (user?.role === 'admin') {
          toastAcrossNavigation({ title: AdminAuthMessages.welcomeTitle, description: AdminAuthMessages.welcome });
          assignLocation(ADMIN_HOME_AFTER_LOGIN);
        } else {
          notify.error(AdminAuthMessages.adminsOnly, AdminAuthMessages.deniedTitle);
        }
      },
      (err: unknown) => notify.error(adminLoginErrorMessage(err), AdminAuthMessages.deniedTitle),
    );
  };

  return (
    <AdminAuthLayout title="Admin Portal" subtitle="Authorized Personnel Only">
      <Form<LoginInput> noValidate name="admin-login" layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark={false} className="admin-auth-form">
        <Form.Item label="Email" name="email" rules={[rule(validateEmail)]}>
          <Input size="large" type="email" autoComplete="email" placeholder="admin@bakery.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[rule(validatePassword)]}>
          <Input.Password size="large" autoComplete="current-password" placeholder="Your password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={login.isPending || login.isSuccess}>
          {login.isPending ? 'Authenticating...' : 'Access Admin Portal'}
        </Button>
      </Form>
      <div className="admin-auth-links">
        <Link to="/forgot-password?from=admin">Forgot password?</Link>
        <Link to="/admin/register">Create Admin Account</Link>
        <Link to="/">Customer Login</Link>
      </div>
    </AdminAuthLayout>
  );
}

/** The admin login and registration pages' frame: no shell, a card on a dark backdrop. */
export function AdminAuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="admin-auth-page">
      <main className="admin-auth-main">
        <div className="plain-card admin-auth-card">
          <div className="admin-auth-head">
            <span className="admin-auth-icon" aria-hidden="true">
              <SafetyCertificateOutlined />
            </span>
            <h1 className="admin-auth-title">{title}</h1>
            <p className="admin-auth-subtitle">{subtitle}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

export default AdminLoginPage;
