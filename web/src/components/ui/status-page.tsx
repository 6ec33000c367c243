import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A screen of its own for when there is no page to show (the 404, a page that could not be opened):
 * a card with what happened and the ways out, centred on the plain background.
 */
export function StatusPage({ title, text, actions }: { title: string; text: string; actions: ReactNode }) {
  return (
    <div className="status-page">
      <div className="plain-card status-page-card">
        <h1 className="status-page-title">
          <ExclamationCircleOutlined aria-hidden="true" className="status-page-icon" />
          {title}
        </h1>
        <p className="status-page-text">{text}</p>
        <nav className="status-page-actions" aria-label="Ways out">
          {actions}
        </nav>
      </div>
    </div>
  );
}
