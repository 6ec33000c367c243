import { Tag } from 'antd';

/** Spec section 4: the product card's badge. Below 20 is low stock. */
export const LOW_STOCK_BELOW = 20;

export type StockLevel = 'out' | 'low' | 'available';

export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'out';
  if (stock < LOW_STOCK_BELOW) return 'low';
  return 'available';
}

const LOOK: Record<StockLevel, { text: string; color: string }> = {
  out: { text: 'Out of Stock', color: 'red' },
  low: { text: 'Low Stock', color: 'orange' },
  available: { text: 'Available', color: 'green' },
};

export function stockBadgeText(stock: number): string {
  return LOOK[stockLevel(stock)].text;
}

export function StockBadge({ stock }: { stock: number }) {
  const look = LOOK[stockLevel(stock)];
  return (
    <Tag color={look.color} variant="filled" className="stock-badge">
      {look.text}
    </Tag>
  );
}
