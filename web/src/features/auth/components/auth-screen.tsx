import { messages } from '#shared/messages';
import { type SignInInput, type SignUpInput } from '#shared/schemas';
import { Box, Card, Center, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuGraduationCap } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/ui/notify';
import { forgetSignUpRole, pendingSignUpRole, preloadAuthActions, useAuth } from '@/lib/auth';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TotpStep } from './totp-step';

type Mode = 'signIn' | 'signUp';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : messages.auth.unexpected);

/**
 * /auth: sign-in and sign-up, toggled (spec §2 Auth). After 'Devenir répétiteur' on another
 * account (lib/auth/sign-up-intent.ts), it opens the sign-up with the Répétiteur type chosen.
 */
export function AuthScreen() {
  const [intendedRole] = useState(pendingSignUpRole);
  const tutorSignUp = intendedRole === 'tuteur';
  const [mode, setMode] = useState<Mode>(intendedRole ? 'signUp' : 'signIn');
  const { signIn, signUp, confirmSignInCode } = useAuth();
  const navigate = useNavigate();
  /** The password was right and Cognito asks the authenticator app's code (an admin's account). */
  const [askingTotp, setAskingTotp] = useState(false);

  const signedIn = () => {
    forgetSignUpRole();
    notify.success({ title: messages.auth.signInSuccessTitle, description: messages.auth.signInSuccess });
    navigate('/', { replace: true });
  };

  const handleTotpCode = async (code: string) => {
    notify.dismissAll();
    await confirmSignInCode(code); // a refused code is shown under the field
    signedIn();
  };

  const handleSignIn = async (values: SignInInput) => {
    notify.dismissAll();
    try {
      if ((await signIn(values)) === 'totp') return setAskingTotp(true);
    } catch (error) {
      notify.error({ title: messages.auth.signInErrorTitle, description: errorMessage(error) });
      return;
    }
    signedIn();
  };

  const handleSignUp = async (values: SignUpInput) => {
    notify.dismissAll();
    try {
      await signUp(values);
    } catch (error) {
      notify.error({ title: messages.auth.signUpErrorTitle, description: errorMessage(error) });
      return;
    }
    forgetSignUpRole();
    notify.success({ title: messages.auth.signUpSuccessTitle, description: messages.auth.signUpSuccess });
    navigate('/', { replace: true });
  };

  const isSignIn = mode === 'signIn';

  return (
    <Flex
      as="main"
      minH="100dvh"
      align={{ base: 'flex-start', sm: 'center' }}
      justify="center"
      px="4"
      py={{ base: '8', sm: '12' }}
      bgGradient="to-br"
      gradientFrom="orange.50"
      gradientTo="green.50"
    >
      <Stack gap="6" width="full" maxW="md">
        <Stack align="center" gap="2" textAlign="center">
          <Center boxSize="12" rounded="xl" bg="orange.solid" color="white" fontSize="2xl" aria-hidden>
            <LuGraduationCap />
          </Center>
          <Text fontSize="2xl" fontWeight="bold" letterSpacing="tight">
            Kalan
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Parents et répétiteurs vérifiés en Côte d'Ivoire
          </Text>
        </Stack>

        <Card.Root size={{ base: 'sm', sm: 'md' }} shadow="md">
          <Card.Header>
            <Heading as="h1" size="2xl">
              {askingTotp ? messages.mfa.signInStepTitle : isSignIn ? messages.auth.signInTitle : messages.auth.signUpTitle}
            </Heading>
            <Card.Description>
              {askingTotp
                ? messages.mfa.signInStepSubtitle
                : isSignIn
                ? 'Connectez-vous à votre compte'
                : tutorSignUp
                  ? 'Votre compte Répétiteur, avec une autre adresse email que votre compte actuel'
                  : 'Créez votre compte en quelques secondes'}
            </Card.Description>
          </Card.Header>
          {/* The sign-in code is fetched as soon as the user starts filling the form. */}
          <Card.Body onFocusCapture={preloadAuthActions}>
            {/* key: switching modes starts a fresh form */}
            {askingTotp ? (
              <TotpStep onSubmit={handleTotpCode} />
            ) : isSignIn ? (
              <SignInForm key="signIn" onSubmit={handleSignIn} />
            ) : (
              <SignUpForm key="signUp" onSubmit={handleSignUp} defaultRole={intendedRole ?? 'parent'} />
            )}
          </Card.Body>
          <Card.Footer justifyContent="center">
            <Box textAlign="center" fontSize="sm" color="fg.muted">
              {isSignIn ? 'Pas encore de compte ? ' : 'Déjà un compte ? '}
              <Link asChild variant="underline" colorPalette="orange" fontWeight="semibold" color="colorPalette.fg">
                <button
                  type="button"
                  onClick={() => {
                    setAskingTotp(false);
                    setMode(isSignIn ? 'signUp' : 'signIn');
                  }}
                >
                  {isSignIn ? "S'inscrire" : 'Se connecter'}
                </button>
              </Link>
            </Box>
          </Card.Footer>
        </Card.Root>
      </Stack>
    </Flex>
  );
}
