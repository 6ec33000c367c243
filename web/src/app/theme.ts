import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  // antd's component styles come from its prebuilt antd/dist/antd.css (imported in main.tsx), not
  // generated in the browser: generating them (stylis, hashing, style tags) was most of the
  // sign-in page's blocking script time (Lighthouse TBT 1.6 s -> 0.4 s at 4x CPU slowdown) and a
  // third of the shell's first render. The tokens below still apply, as CSS variables.
  zeroRuntime: true,
  token: {
    colorPrimary: '#b45309',
    colorLink: '#b45309',
    // WCAG AA (4.5:1 on white): antd's #ff4d4f danger text and its 25 % black placeholders are lighter
    colorError: '#dc2626',
    colorTextPlaceholder: '#78716c',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  },
};
