import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast-store';
import { rule } from '@/lib/form-rule';
import { useLogin, useRegister, type LoginInput, type RegisterInput } from '../api/auth';
import { AuthFrame } from './auth-frame';
import { BUSINESS_TYPE_OPTIONS, validateBusinessName, validateEmail, validatePassword } from '@/lib/account-validation';

/** The landing page for visitors (spec section 2): the brand, and Sign In and Register tabs. */
export function AuthPage() {
  return (
    <AuthFrame landing>
      <AuthCard />
    </AuthFrame>
  );
}

/**
 * The landing page's card: the Sign In and Register tabs. The route guard shows it inside the
 * brand's frame, which is there before this code has loaded (auth-frame.tsx).
 */
export function AuthCard() {
  const [tab, setTab] = useState('signin');
  useDocumentTitle(tab === 'signin' ? 'Sign In' : 'Register');
  return (
    <div className="plain-card auth-card">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        label="Sign in or register"
        items={[
          { key: 'signin', label: 'Sign In', children: <SignInForm /> },
          { key: 'register', label: 'Register', children: <RegisterForm /> },
        ]}
      />
      <div className="auth-admin-link">
        <Link to="/admin/login">Administrator Access</Link>
      </div>
    </div>
  );
}

/**
 * Signed in: to the catalogue in this very task. As a transition (the router's default) it would
 * come after React has rendered the session's change at / (the dashboard, suspending for its chunk),
 * and React then holds that fallback for 300 ms before the catalogue may show.
 */
const AT_ONCE = { flushSync: true } as const;

function SignInForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const onFinish = (values: LoginInput) => {
    // mutateAsync: once signed in, / shows the dashboard and this form unmounts
    login.mutateAsync({ email: values.email.trim(), password: values.password }).then(
      () => {
        notify.success('Logged in successfully!');
        navigate('/products', AT_ONCE);
      },
      () => notify.error('Invalid email or password'),
    );
  };
  return (
    <Form<LoginInput> noValidate name="login" layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="Email" name="email" rules={[rule(validateEmail)]}>
        <Input size="large" type="email" autoComplete="email" placeholder="you@business.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[rule(validatePassword)]}>
        <Input.Password size="large" autoComplete="current-password" placeholder="Your password" />
      </Form.Item>
      <div className="auth-forgot-link">
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="primary" htmlType="submit" block size="large" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </Form>
  );
}

function RegisterForm() {
  const register = useRegister();
  const navigate = useNavigate();
  const onFinish = (values: RegisterInput) => {
    const businessName = values.businessName?.trim();
    register
      .mutateAsync({
        email: values.email.trim(),
        password: values.password,
        ...(businessName ? { businessName } : {}),
        ...(values.businessType ? { businessType: values.businessType } : {}),
      })
      .then(
        () => {
          notify.success('Account created and logged in successfully!');
          navigate('/products', AT_ONCE);
        },
        () => notify.error('Registration failed. Email may already exist.'),
      );
  };
  return (
    <Form<RegisterInput> noValidate name="register" layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="Email" name="email" rules={[rule(validateEmail)]}>
        <Input size="large" type="email" autoComplete="email" placeholder="you@business.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[rule(validatePassword)]}>
        <Input.Password size="large" autoComplete="new-password" placeholder="At least 6 characters" />
      </Form.Item>
      <Form.Item label="Business Name" name="businessName" rules={[rule(validateBusinessName)]}>
        <Input size="large" autoComplete="organization" placeholder="Your business name" />
      </Form.Item>
      <Form.Item label="Business Type" name="businessType">
        <NativeSelect placeholder="Select business type" options={BUSINESS_TYPE_OPTIONS} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </Form>
  );
}

export default AuthPage;
