import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MouseEvent } from 'react';

/**
 * A download as a plain link to the API (same origin: the session cookie goes along), with the
 * file's name; `onClick` may take the click over (the bake list records its print first).
 */
export function DownloadLink({
  href,
  fileName,
  label,
  onClick,
  loading = false,
  primary = false,
}: {
  href: string;
  fileName: string;
  label: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  loading?: boolean;
  primary?: boolean;
}) {
  return (
    <Button href={href} download={fileName} icon={<DownloadOutlined aria-hidden="true" />} onClick={onClick} loading={loading} type={primary ? 'primary' : 'default'}>
      {label}
    </Button>
  );
}
