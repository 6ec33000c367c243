import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { StatusPage } from '@/components/ui/status-page';
import { useUser } from '@/features/auth/api/auth';

/** The way home: the dashboard, or for visitors the sign-in page (their home page). */
export function HomeLink() {
  const { user, isLoading } = useUser();
  return (
    <Link to="/" className="status-page-link">
      {isLoading || user ? 'Go to Dashboard' : 'Sign in'}
    </Link>
  );
}

/** Spec section 2: any other path. Not a dead end: a way home, or to sign in for visitors. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return <StatusPage title="404 Page Not Found" text="Did you forget to add the page to the router?" actions={<HomeLink />} />;
}

export default NotFoundPage;
