import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
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
