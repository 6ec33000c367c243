import './loading.css';

/** Spec section 4: the guards' 'Loading...' spinner (plain CSS: it is part of the first load). */
export function LoadingScreen({ fullPage = true }: { fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'loading-screen' : 'loading-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-text">Loading...</span>
    </div>
  );
}
