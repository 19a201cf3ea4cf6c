import { uiMessages } from '#shared/message-catalogue/ui';
import { IconButton, Portal } from '@chakra-ui/react';
import { Menu } from '@/components/chakra/menu';
import { LuLogOut, LuMenu } from 'react-icons/lu';
import { SIGN_OUT_ENTRY, type NavigationEntry } from './navigation';
import { NAVIGATION_ICONS } from './navigation-icons';

interface HeaderMenuProps {
  /** The role's entries (components/layout/navigation.ts), before 'Se déconnecter'. */
  menu: readonly NavigationEntry[];
  onSelect: (value: string) => void;
}

/**
 * The header's menu, in a module of its own: Chakra's menu and its positioning (about 17 KB gzip)
 * are fetched when the user first reaches for the button (app-header.tsx), which it then replaces,
 * open.
 */
export default function HeaderMenu({ menu, onSelect }: HeaderMenuProps) {
  return (
    <Menu.Root defaultOpen onSelect={({ value }) => onSelect(value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Menu" variant="ghost" size="md">
          <LuMenu />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {menu.map(({ to, label, icon }) => {
              const Icon = NAVIGATION_ICONS[icon];
              return (
                <Menu.Item key={to} value={to}>
                  <Icon />
                  {label}
                </Menu.Item>
              );
            })}
            <Menu.Separator />
            <Menu.Item value={SIGN_OUT_ENTRY} color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
              <LuLogOut />
              {uiMessages.signOut}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
