import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import { useContext, type HTMLAttributes, type ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** beside the title, at the head's end (a link, a note) */
  extra?: ReactNode;
  /** above the body, edge to edge (a photo) */
  cover?: ReactNode;
  size?: 'small';
}

/**
 * antd's Card as the app uses it (a head with a title and an extra, a cover, a body): the same
 * markup, classes and styles, without what it does not use. antd's Card imports Tabs (for its
 * `tabList`), and Tabs imports Dropdown and Menu: about 180 KB of script that every screen with a
 * card, the catalogue first of all, downloaded and ran for nothing.
 */
export function Card({ title, extra, cover, size, className, children, ...rest }: CardProps) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('card');
  // the card's CSS variables, registered as antd's own Card does (its rules come with antd.css)
  const [hashId, cssVarCls] = useCardStyle(prefix);
  const classes = [prefix, `${prefix}-bordered`, size === 'small' && `${prefix}-small`, className, hashId, cssVarCls];
  const hasHead = present(title) || present(extra);
  return (
    <div {...rest} className={classes.filter(Boolean).join(' ')}>
      {hasHead && (
        <div className={`${prefix}-head`}>
          <div className={`${prefix}-head-wrapper`}>
            {present(title) && <div className={`${prefix}-head-title`}>{title}</div>}
            {present(extra) && <div className={`${prefix}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      {present(cover) && <div className={`${prefix}-cover`}>{cover}</div>}
      {present(children) && <div className={`${prefix}-body`}>{children}</div>}
    </div>
  );
}

/** What React would draw something for (antd's `isReactRenderable`). */
function present(node: ReactNode): boolean {
  if (Array.isArray(node)) return node.some((child) => child !== undefined && child !== null);
  return node !== undefined && node !== null && node !== false && node !== '';
}
