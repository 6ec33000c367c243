import { fireEvent, render, screen } from '@testing-library/react';
import { ProductImage, thumbnailUrl } from './product-image';

const PHOTO = '/objects/uploads/0b9c7c2e-5a4e-4f7e-9d7a-1c2b3d4e5f60';

describe('ProductImage', () => {
  it('shows an uploaded photo from its thumbnail', () => {
    render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} />);
    expect(screen.getByRole('img', { name: 'Rye Loaf' })).toHaveAttribute('src', `${PHOTO}/thumbnail`);
  });

  it('falls back to the photo itself when the thumbnail fails, then to the placeholder', () => {
    render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} />);
    fireEvent.error(screen.getByRole('img', { name: 'Rye Loaf' }));
    expect(screen.getByRole('img', { name: 'Rye Loaf' })).toHaveAttribute('src', PHOTO);
    fireEvent.error(screen.getByRole('img', { name: 'Rye Loaf' }));
    expect(screen.getByRole('img', { name: 'Rye Loaf: no photo' })).toHaveClass('image-placeholder');
  });

  it('starts afresh when the product’s photo changes', () => {
    const { rerender } = render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} />);
    fireEvent.error(screen.getByRole('img', { name: 'Rye Loaf' }));
    const other = '/objects/uploads/1b9c7c2e-5a4e-4f7e-9d7a-1c2b3d4e5f61';
    rerender(<ProductImage product={{ name: 'Rye Loaf', imageUrl: other }} />);
    expect(screen.getByRole('img', { name: 'Rye Loaf' })).toHaveAttribute('src', `${other}/thumbnail`);
  });

  it('shows the placeholder for a product without a photo', () => {
    render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: null }} />);
    expect(screen.getByRole('img', { name: 'Rye Loaf: no photo' })).toBeInTheDocument();
  });

  it('takes the thumbnail only of our own uploads', () => {
    expect(thumbnailUrl(PHOTO)).toBe(`${PHOTO}/thumbnail`);
    expect(thumbnailUrl('/objects/uploads/not-an-id')).toBe('/objects/uploads/not-an-id');
    expect(thumbnailUrl(`${PHOTO}/thumbnail`)).toBe(`${PHOTO}/thumbnail`);
  });
});
