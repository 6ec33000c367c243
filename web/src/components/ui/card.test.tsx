import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Card } from './card';

const draw = (card: ReactElement) => render(card).container.firstElementChild as HTMLElement;

describe("Card (antd's markup without antd's Card: issue 14)", () => {
  it("draws antd's head, cover and body with antd's classes and its CSS variables' class", () => {
    const card = draw(
      <Card title={<h2>Items</h2>} extra={<a href="/orders">View all</a>} cover={<img alt="Rye" />} className="cart-items" aria-label="Cart">
        <p>Body</p>
      </Card>,
    );
    expect(card.className.split(' ')).toEqual(expect.arrayContaining(['ant-card', 'ant-card-bordered', 'cart-items']));
    expect(card.className).toMatch(/css-var-/);
    expect(card.getAttribute('aria-label')).toBe('Cart');
    const parts = [...card.children].map((c) => c.className);
    expect(parts).toEqual(['ant-card-head', 'ant-card-cover', 'ant-card-body']);
    expect(card.querySelector('.ant-card-head-wrapper > .ant-card-head-title > h2')?.textContent).toBe('Items');
    expect(card.querySelector('.ant-card-head-wrapper > .ant-card-extra > a')?.getAttribute('href')).toBe('/orders');
  });

  it('has no head without a title or an extra, and no body without children; small adds its class', () => {
    const card = draw(<Card size="small" cover={<img alt="" />}>{null}</Card>);
    expect([...card.children].map((c) => c.className)).toEqual(['ant-card-cover']);
    expect(card.classList.contains('ant-card-small')).toBe(true);
    const titled = draw(<Card title="Totals" />);
    expect([...titled.children].map((c) => c.className)).toEqual(['ant-card-head']);
    expect(titled.querySelector('.ant-card-extra')).toBeNull();
  });
});
