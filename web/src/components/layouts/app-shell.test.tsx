import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { controllableViewport, renderWithClient } from '@/testing/test-utils';
import { AppShell } from './app-shell';

function PageWithState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <label>
        Note <input aria-label="Note" />
      </label>
      <button onClick={() => setOpen(true)}>Open</button>
      {open && <div role="dialog" aria-label="Restock" />}
    </>
  );
}

describe('AppShell across the 768 px breakpoint', () => {
  const user = { id: 'u1', email: 'a@b.co', role: 'admin' as const, firstName: 'Ada', lastName: 'Baker' };

  it('swaps only the chrome: the page keeps its open dialog and what was typed', () => {
    const viewport = controllableViewport();
    try {
      renderWithClient(
        <MemoryRouter initialEntries={['/admin/products']}>
          <AppShell user={user as never} page={{ title: 'Manage Products' }} onLogout={() => undefined}>
            <PageWithState />
          </AppShell>
        </MemoryRouter>,
      );
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Note'), { target: { value: '20 more' } });
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));

      viewport.setMobile(true);
      expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Restock' })).toBeInTheDocument();
      expect(screen.getByLabelText('Note')).toHaveValue('20 more');

      viewport.setMobile(false);
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Restock' })).toBeInTheDocument();
      expect(screen.getByLabelText('Note')).toHaveValue('20 more');
    } finally {
      viewport.restore();
    }
  });
});

describe('AppShell accessibility', () => {
  const user = { id: 'u1', email: 'a@b.co', role: 'customer' as const, businessName: 'Corner Coffee' };

  it("gives the browser tab the screen's own title", () => {
    const { rerender } = renderWithClient(
      <MemoryRouter>
        <AppShell user={user as never} page={{ title: 'Products' }} onLogout={() => undefined}>
          <p>page</p>
        </AppShell>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Products · Bakery Wholesale');
    rerender(
      <MemoryRouter>
        <AppShell user={user as never} page={{ title: 'Shopping Cart' }} onLogout={() => undefined}>
          <p>page</p>
        </AppShell>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Shopping Cart · Bakery Wholesale');
  });

  it('starts with a skip link that moves focus to the main content', () => {
    renderWithClient(
      <MemoryRouter>
        <AppShell user={user as never} page={{ title: 'Products' }} onLogout={() => undefined}>
          <p>page</p>
        </AppShell>
      </MemoryRouter>,
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.querySelector('a, button')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
