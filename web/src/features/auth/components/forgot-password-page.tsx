import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { rule } from '@/lib/form-rule';
import { validateEmail } from '@/lib/account-validation';
import { useForgotPassword } from '../api/auth';
import { forgotPasswordErrorMessage, PasswordMessages } from '../password-messages';
import { FocusedMessage, PasswordPageFrame } from './password-page-frame';

/** Where "back to sign in" leads: the admin login for admins (?from=admin), else the customers' sign-in page. */
export const signInPath = (admin: boolean) => (admin ? '/admin/login' : '/');

/**
 * /forgot-password (issue 20), public: asks for a reset link by email. Whatever the email, it
 * then says the same (the server answers alike and never tells whether an account exists).
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const admin = params.get('from') === 'admin';
  const request = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onFinish = ({ email }: { email: string }) => {
    setProblem(null);
    request.mutateAsync({ email: email.trim() }).then(
      () => setSent(true),
      (err: unknown) => setProblem(forgotPasswordErrorMessage(err)),
    );
  };

  const back = (
    <div className="password-page-links">
      <Link to={signInPath(admin)}>Back to sign in</Link>
    </div>
  );

  return (
    <PasswordPageFrame admin={admin} title="Forgot your password?" subtitle="Enter your account's email and we will send you a link to set a new password.">
      {sent ? (
        <FocusedMessage className="forgot-password-sent">
          <Alert type="success" showIcon role="status" title="Check your email" description={PasswordMessages.sent} />
          <Button block size="large" className="password-page-again" onClick={() => setSent(false)}>
            Send another link
          </Button>
          {back}
        </FocusedMessage>
      ) : (
        <>
          {problem && <Alert type="error" showIcon role="alert" title={problem} className="password-page-problem" />}
          <Form<{ email: string }> noValidate name="forgot-password" layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark={false}>
            <Form.Item label="Email" name="email" rules={[rule(validateEmail)]}>
              <Input size="large" type="email" autoComplete="email" autoFocus placeholder="you@business.com" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </Form>
          {back}
        </>
      )}
    </PasswordPageFrame>
  );
}

export default ForgotPasswordPage;
