import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { AdminAuthLayout } from './admin-login-page';
import { AuthFrame } from './auth-frame';
import './password-pages.css';

/**
 * The frame of the "forgot password" and "reset password" pages: the sign-in page's look (the
 * bakery's brand above a card), or the admin login's when the admin came from there.
 */
export function PasswordPageFrame({ title, subtitle, admin = false, children }: { title: string; subtitle: string; admin?: boolean; children: ReactNode }) {
  useDocumentTitle(title);
  if (admin) return <AdminAuthLayout title={title} subtitle={subtitle}>{children}</AdminAuthLayout>;
  return (
    <AuthFrame>
    <div className="plain-card auth-card">
      <div className="password-page-head">
        <h1 className="password-page-title">{title}</h1>
        <p className="password-page-subtitle">{subtitle}</p>
      </div>
      {children}
    </div>
    </AuthFrame>
  );
}

/**
 * A message that replaces a form (sent, saved, refused): it takes the focus when it appears, so a
 * screen reader reads it and the keyboard goes on from there.
 */
export function FocusedMessage({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className={`password-page-message ${className ?? ''}`.trim()}>
      {children}
    </div>
  );
}
