import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import './empty-state.css';

/** What LoadError needs of a react-query query. */
export interface RetryableQuery {
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * The one "could not be loaded" state of the app: the queries are never retried on their own (spec
 * section 7), so the screen offers Retry, which reads the data again. `inline`: a line inside a
 * card or dialog instead of the page's empty-state panel.
 */
export function LoadError({ title, query, icon, inline = false }: { title: string; query: RetryableQuery; icon?: ReactNode; inline?: boolean }) {
  const retry = (
    <Button
      type={inline ? 'link' : 'default'}
      size={inline ? 'small' : 'middle'}
      icon={<ReloadOutlined />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
      className={inline ? 'load-error-retry-inline' : undefined}
    >
      Retry
    </Button>
  );
  if (inline) {
    return (
      <p className="muted load-error-inline">
        {title}. {retry}
      </p>
    );
  }
  return (
<EmptyState icon={icon} title={title} hint="Please try again in a moment." action={retry} />
  );
}
