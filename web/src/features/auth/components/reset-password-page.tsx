import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { rule } from '@/lib/form-rule';
import { validatePassword } from '@/lib/account-validation';
import type { User } from '@/lib/user';
import { useResetPassword } from '../api/auth';
import { PasswordMessages, resetPasswordError } from '../password-messages';
import { signInPath } from './forgot-password-page';
import { FocusedMessage, PasswordPageFrame } from './password-page-frame';

interface ResetInput {
  password: string;
  confirm: string;
}

/**
 * /reset-password?token=... (issue 20), public: the page a mailed link opens (a reset, or with
 * &welcome=1 an admin-created customer's first password). The token is checked only on submit:
 * a bad, used or expired one shows the server's message with a way to ask for a new link.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const welcome = params.get('welcome') === '1';
  const reset = useResetPassword();
  const [form] = Form.useForm<ResetInput>();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : PasswordMessages.invalidLink);
  const [problem, setProblem] = useState<string | null>(null);
  const [role, setRole] = useState<User['role'] | null>(null);

  const title = welcome ? 'Set your password' : 'Reset your password';
  const done = welcome ? 'Your password has been set' : 'Your password has been reset';

  const onFinish = ({ password }: ResetInput) => {
    setProblem(null);
    reset.mutateAsync({ token, password }).then(
      (answer) => setRole(answer.role),
      (err: unknown) => {
        const { kind, message } = resetPasswordError(err);
        if (kind === 'link') setLinkProblem(message);
        else if (kind === 'password') form.setFields([{ name: 'password', errors: [message] }]);
        else setProblem(message);
      },
    );
  };

  let body;
  if (role) {
    body = (
      <FocusedMessage className="reset-password-done">
        <Alert type="success" showIcon role="status" title={done} description="Sign in with your new password." />
        <Link to={signInPath(role === 'admin')} className="password-page-sign-in">
          Sign In
        </Link>
      </FocusedMessage>
    );
  } else if (linkProblem) {
    body = (
      <FocusedMessage className="reset-password-invalid">
        <Alert type="error" showIcon role="alert" title={linkProblem} />
        <div className="password-page-links">
          <Link to="/forgot-password">Ask for a new link</Link>
          <Link to="/">Back to sign in</Link>
        </div>
      </FocusedMessage>
    );
  } else {
    body = (
      <>
        {problem && <Alert type="error" showIcon role="alert" title={problem} className="password-page-problem" />}
        <Form<ResetInput> form={form} noValidate name="reset-password" layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark={false}>
          <Form.Item label="New password" name="password" rules={[rule(validatePassword)]}>
            <Input.Password size="large" autoComplete="new-password" autoFocus placeholder="At least 6 characters" />
          </Form.Item>
          <Form.Item
            label="Confirm new password"
            name="confirm"
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => rule((value: string | undefined) => (value === getFieldValue('password') ? undefined : PasswordMessages.mismatch)),
            ]}
          >
            <Input.Password size="large" autoComplete="new-password" placeholder="The same password again" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : welcome ? 'Set Password' : 'Reset Password'}
          </Button>
        </Form>
        <div className="password-page-links">
          <Link to="/">Back to sign in</Link>
        </div>
      </>
    );
  }

  return (
    <PasswordPageFrame title={title} subtitle={welcome ? 'Choose the password you will sign in with.' : 'Choose a new password for your account.'}>
      {body}
    </PasswordPageFrame>
  );
}

export default ResetPasswordPage;
