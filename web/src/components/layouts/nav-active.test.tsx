import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { controllableViewport, renderWithClient } from '@/testing/test-utils';
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
    let viewport: ReturnType<typeof controllableViewport>;
    beforeEach(() => (viewport = controllableViewport(true)));
    afterEach(() => viewport.restore());

    it('highlights one tab, and the admin tabs say what they open', () => {
      renderAt('/admin/products');
      const tabs = screen.getByRole('navigation', { name: 'Bottom navigation' });
      expect(within(tabs).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual([
        'Products',
        'Orders',
        'Overview',
        'Inventory',
        'Fulfilment',
        'Schedule',
        'Customers',
      ]);
      expect(current(tabs)).toEqual(['Inventory']);
    });
  });
});
