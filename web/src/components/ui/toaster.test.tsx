import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { dismissToast, notify, toast, TOAST_DURATION_MS } from './toast-store';

describe('toasts (spec sections 4, 8 and 9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    jest.useRealTimers();
  });

  it('shows one at a time: a new toast replaces the old one', () => {
    render(<Toaster />);
    act(() => {
      notify.success('Product added to cart!');
    });
    expect(screen.getByText('Product added to cart!')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    });
    expect(screen.queryByText('Product added to cart!')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('UnauthorizedYou are logged out. Logging in again...');
  });

  it('goes away after 5 seconds', () => {
    render(<Toaster />);
    act(() => {
      notify.error('Failed to place order');
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Failed to place order')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Failed to place order')).not.toBeInTheDocument();
  });

  it('closes with its labelled button, and F8 focuses the toast area', () => {
    render(<Toaster />);
    act(() => {
      notify.success('Item removed from cart');
    });
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Item removed from cart')).not.toBeInTheDocument();
  });
});
