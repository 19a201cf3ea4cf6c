import { Box, Flex, VisuallyHidden } from '@chakra-ui/react';
import { Tabs } from '@/components/chakra/tabs';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HOME_TABS, type HomeTab, type HomeTabBar, type NavigationEntry } from '@/components/layout/navigation';
import { NAVIGATION_ICONS } from '@/components/layout/navigation-icons';
import { UnreadBadge } from '@/components/layout/unread-badge';

export type { HomeTab };

/** An entry of the tab bar that opens a screen of its own ('Messages'), with its count. */
export interface TabBarLink extends NavigationEntry {
  /** The red count on its icon (0: none). */
  badge?: number;
  /** Said after the label to screen readers, e.g. the count: ', 2 non lus'. */
  hiddenSuffix?: string;
}

interface HomeTabsProps {
  value: HomeTab;
  onValueChange: (tab: HomeTab) => void;
  /** The role's tabs, labels and icons (components/layout/navigation.ts); a tab not listed is not shown. */
  tabBar: HomeTabBar;
  panels: Partial<Record<HomeTab, ReactNode>>;
  /** After the tabs: links to other screens, looking like tabs (a link, not a tab: it leaves Home). */
  links?: readonly TabBarLink[];
}

const ITEM_STYLE = {
  flex: '1',
  minW: '0',
  h: 'auto',
  py: '2',
  px: '0.5',
  flexDirection: 'column',
  gap: '1',
  color: 'fg.muted',
  rounded: 'lg',
} as const;

/** Six items on a phone (a parent's bar with 'Messages'): the labels a size smaller, as phones' own tab bars, so that 'Recherche' still fits. */
const labelSize = (items: number) => (items > 5 ? { base: '2xs', sm: 'xs' } : 'xs');

/** Home's panels (five for a parent, fewer for the other roles), switched by a tab bar fixed at the bottom. */
export function HomeTabs({ value, onValueChange, tabBar, panels, links = [] }: HomeTabsProps) {
  const tabs = HOME_TABS.filter((tab) => tabBar[tab] !== undefined && panels[tab] !== undefined);
  const isHomeTab = (candidate: string): candidate is HomeTab => (tabs as readonly string[]).includes(candidate);
  const fontSize = labelSize(tabs.length + links.length);
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
        {/* The tabs and the links share the bar's width evenly: one item, one share. */}
        <Flex maxW="5xl" mx="auto" p="1">
          <Tabs.List aria-label="Navigation principale" flex={tabs.length} minW="0" display="flex" gap="0">
            {tabs.map((tab) => {
              const { label, icon } = tabBar[tab]!;
              const Icon = NAVIGATION_ICONS[icon];
              return (
                <Tabs.Trigger key={tab} value={tab} {...ITEM_STYLE} fontSize={fontSize} _selected={{ color: 'orange.fg', bg: 'orange.subtle' }}>
                  <Icon size="20" aria-hidden />
                  <Box as="span" truncate maxW="full">
                    {label}
                  </Box>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {links.map(({ to, label, icon, badge = 0, hiddenSuffix }) => {
            const Icon = NAVIGATION_ICONS[icon];
            return (
              <Flex
                key={to}
                asChild
                {...ITEM_STYLE}
                fontSize={fontSize}
                align="center"
                justify="center"
                fontWeight="medium"
                _hover={{ color: 'fg' }}
                focusVisibleRing="inside"
              >
                <RouterLink to={to}>
                  <Box as="span" position="relative" display="inline-flex">
                    <Icon size="20" aria-hidden />
                    <UnreadBadge count={badge} top="-2" insetEnd="-3.5" />
                  </Box>
                  {/* With a count, screen readers hear 'Messages, 2 non lus' in one piece (a hidden suffix alone would be read apart). */}
                  <Box as="span" truncate maxW="full" aria-hidden={hiddenSuffix ? true : undefined}>
                    {label}
                  </Box>
                  {hiddenSuffix && <VisuallyHidden>{`${label}${hiddenSuffix}`}</VisuallyHidden>}
                </RouterLink>
              </Flex>
            );
          })}
        </Flex>
      </Box>
    </Tabs.Root>
  );
}
