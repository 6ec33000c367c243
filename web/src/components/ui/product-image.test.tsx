import { act, fireEvent, render, screen } from '@testing-library/react';
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

  describe('near the screen', () => {
    // jsdom has no IntersectionObserver: one the test drives stands in for the browser's
    let observed: { target: Element; notify: (near: boolean) => void; margin?: string }[] = [];
    let rect: jest.SpyInstance;
    beforeEach(() => {
      observed = [];
      // laid out far below the screen (jsdom lays nothing out: every box is at 0, 0)
      rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 5000, bottom: 5088 } as DOMRect);
      (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
        constructor(
          private readonly callback: IntersectionObserverCallback,
          private readonly options?: IntersectionObserverInit,
        ) {}
        observe(target: Element) {
          observed.push({
            target,
            margin: this.options?.rootMargin,
            notify: (near) => this.callback([{ target, isIntersecting: near } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
          });
        }
        disconnect() {}
      };
    });
    afterEach(() => {
      rect.mockRestore();
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    });

    it('asks for a list’s later photo only once it comes near the screen, a row or two ahead', () => {
      render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} first={false} />);
      const img = screen.getByRole('img', { name: 'Rye Loaf' });
      expect(img).not.toHaveAttribute('src');
      expect(observed).toHaveLength(1);
      expect(observed[0].target).toBe(img);
      expect(observed[0].margin).toBe('200px 0px');
      act(() => observed[0].notify(false));
      expect(img).not.toHaveAttribute('src');
      act(() => observed[0].notify(true));
      expect(img).toHaveAttribute('src', `${PHOTO}/thumbnail`);
    });

    it('asks at once for a later photo already near the screen when first laid out', () => {
      rect.mockReturnValue({ top: 700, bottom: 788 } as DOMRect); // just below jsdom's 768 px tall window
      render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} first={false} />);
      expect(screen.getByRole('img', { name: 'Rye Loaf' })).toHaveAttribute('src', `${PHOTO}/thumbnail`);
    });

    it('asks for a first-screen photo at once, watching nothing', () => {
      render(<ProductImage product={{ name: 'Rye Loaf', imageUrl: PHOTO }} first />);
      expect(screen.getByRole('img', { name: 'Rye Loaf' })).toHaveAttribute('src', `${PHOTO}/thumbnail`);
      expect(observed).toHaveLength(0);
    });

    it('asks for a photo outside a list (a dialog’s preview) at once, watching nothing', () => {
      render(<ProductImage product={{ name: 'Product photo preview', imageUrl: PHOTO }} />);
      expect(screen.getByRole('img', { name: 'Product photo preview' })).toHaveAttribute('src', `${PHOTO}/thumbnail`);
      expect(observed).toHaveLength(0);
    });
  });
});
