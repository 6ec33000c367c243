import { fireEvent, render, screen } from '@testing-library/react';
import { LoadError } from './load-error';

describe('load error state', () => {
  it('says what could not be loaded and reads it again on Retry', () => {
    const refetch = jest.fn();
    render(<LoadError title="Products could not be loaded" query={{ refetch, isFetching: false }} />);
    expect(screen.getByText('Products could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('has an inline form for a card or dialog', () => {
    const refetch = jest.fn();
    render(<LoadError inline title="Orders could not be loaded" query={{ refetch, isFetching: false }} />);
    expect(screen.getByText(/Orders could not be loaded\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
