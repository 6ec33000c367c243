import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MOBILE_BREAKPOINT } from '@/lib/use-is-mobile';
import { renderWithClient } from '@/testing/test-utils';
import { AppShell } from './app-shell';

const admin = { id: 'u1', email: 'a@b.co', role: 'admin' as const, firstName: 'Ada', lastName: 'Baker' };

function renderAt(path: string) {
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <AppShell user={admin as never} page={{ title: 'Manage Products' }} onLogout={() => undefined}>
        <p>page</p>
      </AppShell>
    </MemoryRouter>,
  );
}

const current = (root: HTMLElement) => Array.from(root.querySelectorAll('[aria-current="page"]'), (a) => a.textContent?.trim());

describe('the active navigation entry is the most specific one', () => {
  it('desktop: on /admin/products only Manage Products is highlighted, not Admin Dashboard', () => {
    renderAt('/admin/products');
    expect(current(screen.getByRole('complementary', { name: 'Sidebar' }))).toEqual(['Manage Products']);
  });

  describe('phone', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: query === `(max-width: ${MOBILE_BREAKPOINT - 1}px)`,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      })) as unknown as typeof window.matchMedia;
    });
    afterEach(() => (window.matchMedia = original));

    it('highlights one tab, and the admin tabs say what they open', () => {
      renderAt('/admin/products');
      const tabs = screen.getByRole('navigation', { name: 'Bottom navigation' });
      expect(within(tabs).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual([
        'Products',
        'Orders',
        'Overview',
        'Inventory',
        'Fulfilment',
        'Customers',
      ]);
      expect(current(tabs)).toEqual(['Inventory']);
    });
  });
});
