import { HeaderBell } from '../../features/inbox/header-bell';
import { ThemeControl } from '../theme/theme-control';
import { ProfileMenu } from './profile-menu';

/** The header's notification bell, theme and account menus, loaded together after the first paint (see app-shell.tsx). */
export default function HeaderMenus() {
  return (
    <>
      <HeaderBell />
      <ThemeControl />
      <ProfileMenu />
    </>
  );
}
