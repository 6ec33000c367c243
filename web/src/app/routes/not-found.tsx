import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/components/layouts/page-meta';
import { useUser } from '@/features/auth/api/auth';

/** Spec section 2: any other path. Not a dead end: a way home, or to sign in for visitors. */
export function NotFoundPage() {
  const { user, isLoading } = useUser();
  useDocumentTitle('Page Not Found');
  return (
    <div className="not-found">
      <div className="plain-card not-found-card">
        <h1 className="not-found-title">
          <ExclamationCircleOutlined aria-hidden="true" className="not-found-icon" />
          404 Page Not Found
        </h1>
        <p className="not-found-text">Did you forget to add the page to the router?</p>
        <nav className="not-found-actions" aria-label="Ways out">
          {/* a visitor's home page is the sign-in page */}
          <Link to="/" className="not-found-link">
            {isLoading || user ? 'Go to Dashboard' : 'Sign in'}
          </Link>
        </nav>
      </div>
    </div>
  );
}

export default NotFoundPage;
