export { SignInRequiredOutlet } from './outlet';
export { SignInActions } from './sign-in-actions';
export { askToSignIn, type SignInRequest } from './store';
