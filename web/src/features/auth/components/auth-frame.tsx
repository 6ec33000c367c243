import type { ReactNode } from 'react';
import { LoadingScreen } from '@/components/ui/loading';
import { LogoMark } from '@/components/ui/logo';
import './auth-page.css';

export const AUTH_TAGLINE = 'Streamlining bread ordering and delivery for coffee shops, bakeries and restaurants.';

/**
 * The visitors' pages' frame: the bakery's brand above a card. On the landing page (`landing`) the
 * name is the page's heading with the tagline under it; the password pages have their own heading
 * in the card. It is in the first bundle, so the landing page's brand paints (and stays, the same
 * elements) while the code of its forms is still on its way (AuthCardLoading).
 */
export function AuthFrame({ landing = false, children }: { landing?: boolean; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-main">
        <div className="auth-brand">
          <span className="auth-logo" aria-hidden="true">
            <LogoMark size={56} />
          </span>
          {landing ? (
            <>
              <h1 className="auth-title">Bakery Wholesale</h1>
              <p className="auth-tagline">{AUTH_TAGLINE}</p>
            </>
          ) : (
            <p className="auth-title password-page-brand">Bakery Wholesale</p>
          )}
        </div>
        {children}
      </main>
    </div>
  );
}

/** The landing page's card until its forms have loaded: the card's size, saying Loading... */
export function AuthCardLoading() {
  return (
    <div className="plain-card auth-card auth-card-loading">
      <LoadingScreen fullPage={false} />
    </div>
  );
}
