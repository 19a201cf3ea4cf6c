import { uiMessages } from '#shared/message-catalogue/ui';
import { Box, Button, Flex, Heading, IconButton, type IconButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuArrowLeft, LuLogIn, LuMenu } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth, useSignOutToAuth } from '@/lib/auth';
import { forgetPendingAction } from '@/lib/auth/after-sign-in';
import { COMMON_MENU, hasMessages, navigationOf, SIGN_OUT_ENTRY } from './navigation';
import { MessagesButton } from './messages-button';
import { NotificationBell } from './notification-bell';

const loadHeaderMenu = () => import('./header-menu');
const HeaderMenu = lazy(loadHeaderMenu);

/** The menu's button until the menu's code is there (HeaderMenu then renders its own, open). */
function MenuButton(props: Omit<IconButtonProps, 'aria-label'>) {
  return (
    <IconButton aria-label="Menu" aria-haspopup="menu" aria-expanded={false} variant="ghost" size="md" {...props}>
      <LuMenu />
    </IconButton>
  );
}

interface AppHeaderProps {
  title: string;
  /** Replaces the default back action (e.g. onboarding: skipping also stores the flag). */
  onBack?: () => void;
}

/**
 * Common header (spec §2): back button, title, navigation menu with sign-out. The menu lists the
 * spec's entries that are the signed-in role's own (components/layout/navigation.ts): a tutor's
 * 'Revenus' instead of the parent's 'Paiements', no 'Favoris' but for parents. Signed in, the
 * notifications' bell with the unread count, and for a parent or a tutor 'Messages' with the
 * unread messages (issue 31). A visitor (issue 17: the search, a tutor's page) has
 * 'Se connecter' instead of the menu, and the back button leads to the search, not to Home.
 */
export function AppHeader({ title, onBack }: AppHeaderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, profile } = useAuth();
  const isVisitor = !user;
  const signOutToAuth = useSignOutToAuth();
  const menu = navigationOf(profile?.role)?.menu ?? COMMON_MENU;
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => void loadHeaderMenu().catch(() => undefined);

  const goBack = () => {
    const start = isVisitor ? '/search' : '/';
    if (onBack) onBack();
    else if (pathname !== start) navigate(start);
    else navigate(-1);
  };

  const handleSelect = async (value: string) => {
    if (value !== SIGN_OUT_ENTRY) {
      navigate(value);
      return;
    }
    await signOutToAuth();
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Flex maxW="5xl" mx="auto" h="14" px={{ base: '2', md: '4' }} align="center" gap="2">
        <IconButton aria-label={uiMessages.back} variant="ghost" size="md" onClick={goBack}>
          <LuArrowLeft />
        </IconButton>
        <Heading as="h1" size={{ base: 'md', md: 'lg' }} flex="1" minW="0" truncate>
          {title}
        </Heading>
        {/* Signed in with a profile: the notifications are its own. */}
        {profile && hasMessages(profile.role) && <MessagesButton />}
        {profile && <NotificationBell />}
        {isVisitor ? (
          // Signing in from the header is no 'Connexion requise': nothing waits to resume.
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              forgetPendingAction();
              navigate('/auth');
            }}
          >
            <LuLogIn />
            Se connecter
          </Button>
        ) : menuWanted ? (
          <Suspense fallback={<MenuButton loading />}>
            <HeaderMenu menu={menu} onSelect={(value) => void handleSelect(value)} />
          </Suspense>
        ) : (
          // Fetched as soon as a pointer or the focus nears the button, opened on its click.
          <MenuButton onPointerEnter={preloadMenu} onPointerDown={preloadMenu} onFocus={preloadMenu} onClick={() => setMenuWanted(true)} />
        )}
      </Flex>
    </Box>
  );
}
