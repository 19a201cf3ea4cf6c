import { authMessages } from '#shared/message-catalogue/auth';
import { mfaMessages } from '#shared/message-catalogue/mfa';
import type { ConfirmSignUpInput, ForgotPasswordInput, ResetPasswordInput, SignInInput, SignUpInput } from '#shared/schemas';
import { Box, Card, Center, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '@/components/ui/notify';
import { opensOnSignUp } from '@/lib/auth/after-sign-in';
import { forgetSignUpRole, pendingSignUpRole, preloadAuthActions, useAuth, type AuthNextStep } from '@/lib/auth';
import { ConfirmSignUpForm } from './confirm-sign-up-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { GraduationCapIcon } from './graduation-cap';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TotpStep } from './totp-step';

/**
 * The steps of /auth. Sign-in and sign-up may leave a step to take (`AuthNextStep`): `advance`
 * below is the one place that turns it into the next screen.
 */
type Step =
  | { name: 'signIn'; email?: string }
  | { name: 'signUp' }
  /** The account exists; its e-mail code is still to type. The credentials sign in right after. */
  | { name: 'confirmSignUp'; email: string; password: string; origin: 'signIn' | 'signUp' }
  | { name: 'forgotPassword'; email?: string }
  | { name: 'resetPassword'; email: string }
  /** The password was right and Cognito asks the authenticator app's code (an admin's account). */
  | { name: 'totp' };

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : authMessages.unexpected);

/**
 * /auth: sign-in and sign-up, toggled (spec §2 Auth). After 'Devenir répétiteur' on another
 * account (lib/auth/sign-up-intent.ts), it opens the sign-up with the Répétiteur type chosen.
 * A visitor may browse the tutors from here without an account (issue 17).
 */
export function AuthScreen() {
  const [intendedRole] = useState(pendingSignUpRole);
  const tutorSignUp = intendedRole === 'tuteur';
  const [params] = useSearchParams();
  const signUpAsked = opensOnSignUp(params);
  const [step, setStep] = useState<Step>(intendedRole || signUpAsked ? { name: 'signUp' } : { name: 'signIn' });
  const { signIn, confirmSignInCode, signUp, confirmSignUp, resendSignUpCode, requestPasswordReset, confirmPasswordReset } = useAuth();
  const navigate = useNavigate();

  /** Signed in: the landing of every role. */
  const land = (title: string, description: string) => {
    forgetSignUpRole();
    notify.success({ title, description });
    navigate('/', { replace: true });
  };

  /** Where a sign-in or sign-up leaves the user. */
  const advance = (next: AuthNextStep, credentials: SignInInput, origin: 'signIn' | 'signUp') => {
    switch (next) {
      case 'done':
        return origin === 'signIn'
          ? land(authMessages.signInSuccessTitle, authMessages.signInSuccess)
          : land(authMessages.signUpSuccessTitle, authMessages.signUpSuccess);
      case 'confirmSignUp':
        return setStep({ name: 'confirmSignUp', ...credentials, origin });
      case 'totp':
        return setStep({ name: 'totp' });
    }
  };

  /** Runs an action; on failure shows its French message under `title` and reports it. */
  const attempt = async <T,>(title: string, action: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
    notify.dismissAll();
    try {
      return { ok: true, value: await action() };
    } catch (error) {
      notify.error({ title, description: errorMessage(error) });
      return { ok: false };
    }
  };

  const handleSignIn = async (values: SignInInput) => {
    const result = await attempt(authMessages.signInErrorTitle, () => signIn(values));
    if (result.ok) advance(result.value, values, 'signIn');
  };

  const handleTotpCode = async (code: string) => {
    notify.dismissAll();
    await confirmSignInCode(code); // a refused code is shown under the field (TotpStep)
    land(authMessages.signInSuccessTitle, authMessages.signInSuccess);
  };

  const handleSignUp = async (values: SignUpInput) => {
    const result = await attempt(authMessages.signUpErrorTitle, () => signUp(values));
    if (result.ok) advance(result.value, { email: values.email, password: values.password }, 'signUp');
  };

  const handleConfirm = async ({ code }: ConfirmSignUpInput) => {
    if (step.name !== 'confirmSignUp') return;
    const { email, password, origin } = step;
    const result = await attempt(authMessages.confirmErrorTitle, () => confirmSignUp({ email, password, code }));
    // A new account lands as after a sign-up; an older one confirmed at sign-in, as after a sign-in.
    if (result.ok) advance(result.value, { email, password }, origin);
  };

  const handleResend = async () => {
    if (step.name !== 'confirmSignUp') return;
    const { email } = step;
    const result = await attempt(authMessages.confirmErrorTitle, () => resendSignUpCode(email));
    if (result.ok) notify.success({ title: authMessages.codeResentTitle, description: authMessages.codeResent(email) });
  };

  const handleForgotPassword = async ({ email }: ForgotPasswordInput) => {
    const result = await attempt(authMessages.resetErrorTitle, () => requestPasswordReset(email));
    if (result.ok) setStep({ name: 'resetPassword', email });
  };

  const handleResetPassword = async ({ code, password }: ResetPasswordInput) => {
    if (step.name !== 'resetPassword') return;
    const { email } = step;
    const result = await attempt(authMessages.resetErrorTitle, () => confirmPasswordReset({ email, code, password }));
    if (!result.ok) return;
    notify.success({ title: authMessages.resetSuccessTitle, description: authMessages.resetSuccess });
    setStep({ name: 'signIn', email });
  };

  const { title, description } = headerOf(step, tutorSignUp);
  const isSignIn = step.name === 'signIn';
  const isSignUp = step.name === 'signUp';

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
            <GraduationCapIcon />
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
              {title}
            </Heading>
            <Card.Description>{description}</Card.Description>
          </Card.Header>
          {/* The sign-in code is fetched as soon as the user starts filling the form. */}
          <Card.Body onFocusCapture={preloadAuthActions}>
            {/* key: switching steps starts a fresh form */}
            {step.name === 'signIn' && (
              <SignInForm
                key="signIn"
                defaultEmail={step.email}
                onSubmit={handleSignIn}
                onForgotPassword={(email) => setStep({ name: 'forgotPassword', email })}
              />
            )}
            {step.name === 'signUp' && <SignUpForm key="signUp" onSubmit={handleSignUp} defaultRole={intendedRole ?? 'parent'} />}
            {step.name === 'confirmSignUp' && <ConfirmSignUpForm key="confirm" onSubmit={handleConfirm} onResend={handleResend} />}
            {step.name === 'forgotPassword' && <ForgotPasswordForm key="forgot" defaultEmail={step.email} onSubmit={handleForgotPassword} />}
            {step.name === 'resetPassword' && <ResetPasswordForm key="reset" onSubmit={handleResetPassword} />}
            {step.name === 'totp' && <TotpStep key="totp" onSubmit={handleTotpCode} />}
          </Card.Body>
          <Card.Footer justifyContent="center">
            <Box textAlign="center" fontSize="sm" color="fg.muted">
              {isSignIn ? 'Pas encore de compte ? ' : isSignUp ? 'Déjà un compte ? ' : ''}
              <Link asChild variant="underline" colorPalette="orange" fontWeight="semibold" color="colorPalette.fg">
                <button type="button" onClick={() => setStep(isSignIn ? { name: 'signUp' } : { name: 'signIn' })}>
                  {isSignIn ? "S'inscrire" : isSignUp ? 'Se connecter' : authMessages.backToSignIn}
                </button>
              </Link>
            </Box>
          </Card.Footer>
        </Card.Root>
        {/* Issue 17: the tutors are open to visitors; an account is asked only to book or keep one. */}
        <Box textAlign="center" fontSize="sm">
          <Link asChild variant="underline" colorPalette="orange" fontWeight="semibold" color="colorPalette.fg">
            <RouterLink to="/search">Parcourir les répétiteurs</RouterLink>
          </Link>
        </Box>
      </Stack>
    </Flex>
  );
}

function headerOf(step: Step, tutorSignUp: boolean): { title: string; description: string } {
  switch (step.name) {
    case 'signIn':
      return { title: authMessages.signInTitle, description: 'Connectez-vous à votre compte' };
    case 'signUp':
      return {
        title: authMessages.signUpTitle,
        description: tutorSignUp
          ? 'Votre compte Répétiteur, avec une autre adresse email que votre compte actuel'
          : 'Créez votre compte en quelques secondes',
      };
    case 'confirmSignUp':
      return { title: authMessages.confirmTitle, description: authMessages.confirmDescription(step.email) };
    case 'forgotPassword':
      return { title: authMessages.resetTitle, description: authMessages.resetRequestDescription };
    case 'resetPassword':
      return { title: authMessages.resetTitle, description: authMessages.resetConfirmDescription(step.email) };
    case 'totp':
      return { title: mfaMessages.signInStepTitle, description: mfaMessages.signInStepSubtitle };
  }
}
