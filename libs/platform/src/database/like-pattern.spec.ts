import { likePattern } from './like-pattern';

describe('likePattern', () => {
  it('finds the text anywhere, with %, _ and \\ as themselves', () => {
    expect(likePattern('corner')).toBe('%corner%');
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });
});
