import { Box, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HOME_TABS, type HomeTab, type HomeTabBar } from '@/components/layout/navigation';
import { NAVIGATION_ICONS } from '@/components/layout/navigation-icons';

export type { HomeTab };

interface HomeTabsProps {
  value: HomeTab;
  onValueChange: (tab: HomeTab) => void;
  /** The role's tabs, labels and icons (components/layout/navigation.ts); a tab not listed is not shown. */
  tabBar: HomeTabBar;
  panels: Partial<Record<HomeTab, ReactNode>>;
}

/** Home's panels (five for a parent, fewer for the other roles), switched by a tab bar fixed at the bottom. */
export function HomeTabs({ value, onValueChange, tabBar, panels }: HomeTabsProps) {
  const tabs = HOME_TABS.filter((tab) => tabBar[tab] !== undefined && panels[tab] !== undefined);
  const isHomeTab = (candidate: string): candidate is HomeTab => (tabs as readonly string[]).includes(candidate);
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => isHomeTab(details.value) && onValueChange(details.value)}
      variant="plain"
      lazyMount
      unmountOnExit
    >
      {tabs.map((tab) => (
        <Tabs.Content key={tab} value={tab} p="0">
          {panels[tab]}
        </Tabs.Content>
      ))}

      <Box
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="sticky"
        bg="bg"
        borderTopWidth="1px"
        shadow="0 -2px 10px rgba(0, 0, 0, 0.05)"
        pb="env(safe-area-inset-bottom)"
      >
        <Tabs.List aria-label="Navigation principale" maxW="5xl" mx="auto" display="flex" gap="0" p="1">
          {tabs.map((tab) => {
            const { label, icon } = tabBar[tab]!;
            const Icon = NAVIGATION_ICONS[icon];
            return (
              <Tabs.Trigger
                key={tab}
                value={tab}
                flex="1"
                minW="0"
                h="auto"
                py="2"
                px="1"
                flexDirection="column"
                gap="1"
                fontSize="xs"
                color="fg.muted"
                rounded="lg"
                _selected={{ color: 'orange.fg', bg: 'orange.subtle' }}
              >
                <Icon size="20" aria-hidden />
                <Box as="span" truncate maxW="full">
                  {label}
                </Box>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
      </Box>
    </Tabs.Root>
  );
}
