import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { StatusPage } from '@/components/ui/status-page';
import { HomeLink } from './not-found';

export const ROUTE_ERROR_TITLE = 'This page could not be opened';
export const ROUTE_ERROR_TEXT = 'The app may have been updated since you opened it, or the connection dropped. Reload the page to try again.';

/**
 * What a screen that failed to open shows instead of the router's developer page: its code could
 * not be loaded (a deploy since the app was opened, when the reload of app/stale-build.ts has been
 * tried already, or the line dropped) or it failed to render. Reload gets the current version.
 * (The router's boundary logs the error itself.)
 */
export function RouteError() {
  useDocumentTitle('Page could not be opened');
  return (
    <StatusPage
      title={ROUTE_ERROR_TITLE}
      text={ROUTE_ERROR_TEXT}
      actions={
        <>
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
            Reload
          </Button>
          <HomeLink />
        </>
      }
    />
  );
}
