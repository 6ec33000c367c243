import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  // antd's component styles come from its prebuilt antd/dist/antd.css (imported in main.tsx), not
  // generated in the browser: generating them (stylis, hashing, style tags) was most of the
  // sign-in page's blocking script time (Lighthouse TBT 1.6 s -> 0.4 s at 4x CPU slowdown) and a
  // third of the shell's first render. The tokens below still apply, as CSS variables.
  zeroRuntime: true,
  token: {
    colorPrimary: '#b45309',
    // white text keeps 4.5:1 on a primary button while pointed at or pressed, and links on white
    // (antd derives lighter shades: #c27029 under the pointer is 3.7:1)
    colorPrimaryHover: '#92400e',
    colorPrimaryActive: '#78350f',
    colorLink: '#b45309',
    colorLinkHover: '#92400e',
    colorLinkActive: '#78350f',
    // WCAG AA (4.5:1 on white): antd's #ff4d4f danger text and its 25 % black placeholders are lighter
    colorError: '#dc2626',
    colorErrorHover: '#b91c1c',
    colorErrorActive: '#991b1b',
    colorTextPlaceholder: '#78716c',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  },
};
