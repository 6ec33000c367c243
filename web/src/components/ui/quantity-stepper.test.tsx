import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { coerceQuantity, QuantityStepper } from './quantity-stepper';

function Harness({ initial, max, editable = false }: { initial: number; max: number; editable?: boolean }) {
  const [value, setValue] = useState(initial);
  return <QuantityStepper value={value} min={1} max={max} onChange={setValue} itemName="Sourdough" editable={editable} />;
}

describe('quantity stepper (spec section 5)', () => {
  it('disables decrease at 1 and increase at the maximum', () => {
    render(<Harness initial={1} max={3} />);
    const dec = screen.getByRole('button', { name: 'Decrease quantity of Sourdough' });
    const inc = screen.getByRole('button', { name: 'Increase quantity of Sourdough' });
    expect(dec).toBeDisabled();
    fireEvent.click(inc);
    fireEvent.click(inc);
    expect(screen.getByTestId('quantity')).toHaveTextContent('3');
    expect(inc).toBeDisabled();
    expect(dec).toBeEnabled();
  });

  it('has both buttons disabled when there is no stock', () => {
    render(<Harness initial={1} max={0} />);
    expect(screen.getByRole('button', { name: 'Increase quantity of Sourdough' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Sourdough' })).toBeDisabled();
  });

  it('has a labelled numeric input on desktop', () => {
    render(<Harness initial={2} max={10} editable />);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toHaveValue('2');
  });

  it('coerces what was typed: not a number is 1, then into the bounds', () => {
    expect(coerceQuantity(null, 1, 10)).toBe(1);
    expect(coerceQuantity('abc', 1, 10)).toBe(1);
    expect(coerceQuantity(7.8, 1, 10)).toBe(7);
    expect(coerceQuantity(99, 1, 10)).toBe(10);
    expect(coerceQuantity(-4, 1, 10)).toBe(1);
    expect(coerceQuantity(5, 1, 0)).toBe(1);
  });
});
