import { LoginForm } from './LoginForm.tsx';

export interface LoginPanelProps {
  /** Where to go after logging in: the page's `returnTo`, checked on the server (`loginReturnTo`), or home. */
  destination: string;
}

/** The login page's island. */
export default function LoginPanel({ destination }: LoginPanelProps) {
  return <LoginForm destination={() => destination} />;
}
