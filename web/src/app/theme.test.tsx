import { render, screen } from '@testing-library/react';
import { Button, Card, Input } from 'antd';
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
});
