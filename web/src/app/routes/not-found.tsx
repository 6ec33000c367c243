import { ExclamationCircleOutlined } from '@ant-design/icons';

/** Spec section 2: any other path. */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <div className="plain-card not-found-card">
        <h1 className="not-found-title">
          <ExclamationCircleOutlined aria-hidden="true" className="not-found-icon" />
          404 Page Not Found
        </h1>
        <p className="not-found-text">Did you forget to add the page to the router?</p>
      </div>
    </div>
  );
}

export default NotFoundPage;
