import { useEffect, useState } from 'react';
import { goToSignIn } from './route-guard';

/**
 * The account screens' hand-off to the identity provider: a full-page navigation to /api/login, with
 * a pending flag for the button. A page restored from the back/forward cache clears the flag, so
 * coming back from the provider never leaves a button spinning.
 */
export function useSignInRedirect(returnTo?: string) {
  const [redirecting, setRedirecting] = useState(false);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return {
    redirecting,
    /** Navigates; returns false (and clears the flag) when the navigation could not start. */
    redirect(): boolean {
      try {
        setRedirecting(true);
        goToSignIn(returnTo);
        return true;
      } catch {
        setRedirecting(false);
        return false;
      }
    },
  };
}
