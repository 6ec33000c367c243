import { render, screen } from '@testing-library/react';
import { Button, Input } from 'antd';
import { Card } from '@/components/ui/card';
import { AppProvider } from './provider';

describe('theme (issue 14, first screen)', () => {
  it("generates no styles in the browser: antd's come prebuilt, the brand colour as a CSS variable", () => {
    const before = document.head.querySelectorAll('style').length;
    const { container } = render(
      <AppProvider>
        <Card title="Order">
          <Input placeholder="you@business.com" />
          <Button type="primary">Sign In</Button>
        </Card>
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveClass('ant-btn-primary');
    // what antd still writes are the components' CSS variables (their tokens); run-time CSS-in-JS
    // would also write each component's rules (stylis output: display, padding, colour...)
    const added = Array.from(document.head.querySelectorAll('style')).slice(before).map((s) => s.textContent ?? '');
    expect(added.join('\n')).toMatch(/\.ant-btn\{--ant-button-/);
    const withoutVariables = added.join('\n').replace(/--[a-z0-9-]+:[^;}]*;?/gi, '');
    const componentRules = withoutVariables.match(/\.ant-(btn|card|input)[^{}]*\{[^}]+\}/g) ?? [];
    expect(componentRules).toEqual([]);
    // the theme's tokens still reach the components, as CSS variables on a class of the tree
    const themed = Array.from(document.head.querySelectorAll('style')).map((s) => s.textContent ?? '').join('\n');
    expect(themed).toMatch(/--ant-color-primary:\s*#b45309/i);
    expect(container.querySelector('[class*="css-var"]')).not.toBeNull();
  });

  it('keeps 4.5:1 or more between white and the brand colour at rest, pointed at and pressed (WCAG AA): buttons, links and danger buttons', () => {
    render(
      <AppProvider>
        <Button type="primary">Place Order</Button>
      </AppProvider>,
    );
    const themed = Array.from(document.head.querySelectorAll('style')).map((s) => s.textContent ?? '').join('\n');
    const variables = ['--ant-color-primary', '--ant-color-primary-hover', '--ant-color-primary-active', '--ant-color-link', '--ant-color-link-hover', '--ant-color-link-active'];
    // and danger buttons (Cancel Order, Delete)
    variables.push('--ant-color-error', '--ant-color-error-hover', '--ant-color-error-active');
    for (const variable of variables) {
      const colour = new RegExp(`${variable}:\\s*(#[0-9a-f]{6})`, 'i').exec(themed)?.[1];
      expect(colour).toBeDefined();
      expect(contrastWithWhite(colour!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** WCAG 2's contrast ratio of white on `hex`. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}
