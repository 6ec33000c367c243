/** The app's mark: a scored loaf (inline SVG, no emoji font needed). */
export function LogoMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M4 19c0-6.6 5.4-11 12-11s12 4.4 12 11c0 2.8-2.2 5-5 5H9c-2.8 0-5-2.2-5-5z" fill="#d97706" />
      <path d="M4 19c0-6.6 5.4-11 12-11s12 4.4 12 11c0 .7-.1 1.3-.3 1.9C25.9 17 21.4 15 16 15S6.1 17 4.3 20.9C4.1 20.3 4 19.7 4 19z" fill="#f59e0b" />
      <path d="M10 12.5l3 4M15 10.5l3 4.5M20 11l3 4" stroke="#fde68a" strokeWidth="1.8" strokeLinecap="round" fill="none" />
    </svg>
  );
}
