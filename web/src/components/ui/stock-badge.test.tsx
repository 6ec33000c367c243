import { render, screen } from '@testing-library/react';
import { StockBadge, stockBadgeText, stockLevel } from './stock-badge';

describe('stock badge (spec section 4)', () => {
  it.each([
    [0, 'Out of Stock'],
    [-1, 'Out of Stock'],
    [1, 'Low Stock'],
    [19, 'Low Stock'],
    [20, 'Available'],
    [250, 'Available'],
  ])('stock %i reads %s', (stock, text) => {
    expect(stockBadgeText(stock)).toBe(text);
    const { unmount } = render(<StockBadge stock={stock} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    unmount();
  });

  it('has three levels', () => {
    expect([stockLevel(0), stockLevel(5), stockLevel(30)]).toEqual(['out', 'low', 'available']);
  });
});
