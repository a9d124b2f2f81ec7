/**
 * Opening the link emailed to a new address (/profile?confirm-email=<token>; docs/security.md
 * "Email changes verified"): confirms it once, then says what happened — the new email, or why the
 * link did not work (used, expired, replaced, another account's) — and takes the token out of the URL.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { CONFIRM_EMAIL_PARAM, EMAIL_CHANGE_MESSAGES } from '@shop/schema';
import { errorMessage } from '../../../lib/errors';
import { useConfirmEmail } from '../api/use-confirm-email';

type Outcome = { ok: true; email: string } | { ok: false; message: string };

export function EmailConfirmation() {
  const [params, setParams] = useSearchParams();
  const token = params.get(CONFIRM_EMAIL_PARAM);
  const confirm = useConfirmEmail();
  const asked = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    confirm.mutate(
      { token },
      {
        onSuccess: (user) => setOutcome({ ok: true, email: user.email }),
        onError: (error) => setOutcome({ ok: false, message: errorMessage(error) }),
        onSettled: () =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete(CONFIRM_EMAIL_PARAM);
              return next;
            },
            { replace: true },
          ),
      },
    );
  }, [token, confirm, setParams]);

  if (!outcome) return null;
  return outcome.ok ? (
    <Alert
      color="green"
      icon={<IconCircleCheck size={18} />}
      title="Email confirmed"
      withCloseButton
      onClose={() => setOutcome(null)}
      data-testid="email-confirmation"
    >
      {EMAIL_CHANGE_MESSAGES.confirmed(outcome.email)}
    </Alert>
  ) : (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title="Email not confirmed"
      withCloseButton
      onClose={() => setOutcome(null)}
      data-testid="email-confirmation"
    >
      {outcome.message}
    </Alert>
  );
}
