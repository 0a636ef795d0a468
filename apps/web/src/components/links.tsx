import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  Group,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

/**
 * Mantine's link-looking components bound to the router: typed `to`/`params`/`search`,
 * client-side navigation, preloading on intent, `aria-current="page"` when active.
 */
type TAnchorElementProps = AnchorHTMLAttributes<HTMLAnchorElement>;

const RoutedAnchor = forwardRef<HTMLAnchorElement, AnchorProps & TAnchorElementProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
RoutedAnchor.displayName = 'RoutedAnchor';
export const AnchorLink = createLink(RoutedAnchor);

const RoutedNavLink = forwardRef<HTMLAnchorElement, NavLinkProps & TAnchorElementProps>((props, ref) => (
  <NavLink ref={ref} {...props} />
));
RoutedNavLink.displayName = 'RoutedNavLink';
export const NavLinkItem = createLink(RoutedNavLink);

const RoutedButton = forwardRef<HTMLAnchorElement, ButtonProps & TAnchorElementProps>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
));
RoutedButton.displayName = 'RoutedButton';
export const ButtonLink = createLink(RoutedButton);

/** "← All cards" above a record: a small router link back to its list. */
const RoutedBackAnchor = forwardRef<HTMLAnchorElement, AnchorProps & TAnchorElementProps>(
  ({ children, ...props }, ref) => (
    <Anchor ref={ref} size="sm" {...props}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> {children}
      </Group>
    </Anchor>
  ),
);
RoutedBackAnchor.displayName = 'RoutedBackAnchor';
export const BackLink = createLink(RoutedBackAnchor);
