import { Menu, type MenuItemProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

/**
 * A menu entry that is a link (opens in a new tab with a middle click, shows its address). Kept
 * apart from components/links.tsx so the pages that only need links do not load the menu code.
 */
const RoutedMenuItem = forwardRef<HTMLAnchorElement, MenuItemProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
  (props, ref) => <Menu.Item ref={ref} component="a" {...props} />,
);
RoutedMenuItem.displayName = 'RoutedMenuItem';
export const MenuItemLink = createLink(RoutedMenuItem);
