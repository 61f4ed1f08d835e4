import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateOptions } from 'react-router';
import { toast } from '../../lib/notify';
import { useReturnPath } from '../../lib/return-path';
import { focusField } from './AuthParts';
import { isEmailAccount, type FieldProblem } from './validation';

/** The one complaint a form shows at a time, by field (the forms of this feature share it). */
export interface FieldErrors<F extends string> {
  /** The element id (and test id) of each field. */
  ids: Record<F, string>;
  /** The translation key of the field's complaint, or null. */
  errorOf(field: F): string | null;
  /** Drops the complaint when it is about this field (called as the user edits it). */
  clear(field: F): void;
  /**
   * A validator's answer: a problem is shown and its field focused (false); none clears the complaint (true).
   */
  check(problem: FieldProblem<F> | null): boolean;
  /** An input's change handler: hands the new text to `set`, then drops the field's complaint. */
  edit(field: F, set: (value: string) => void): (event: ChangeEvent<HTMLInputElement>) => void;
}

export function useFieldErrors<F extends string>(ids: Record<F, string>): FieldErrors<F> {
  const [error, setError] = useState<FieldProblem<F> | null>(null);
  return {
    ids,
    errorOf: (field) => (error?.field === field ? error.key : null),
    clear: (field) => setError((current) => (current?.field === field ? null : current)),
    check: (problem) => {
      if (problem) {
        setError(problem);
        focusField(ids[problem.field]);
        return false;
      }
      setError(null);
      return true;
    },
    edit: (field, set) => (event) => {
      set(event.target.value);
      setError((current) => (current?.field === field ? null : current));
    },
  };
}

interface CodeFormOptions<F extends string> {
  ids: Record<F, string>;
  /** The form's first problem with this code typed, before it is saved. */
  validate: (code: string) => FieldProblem<F> | null;
  /** What must hold before a code is sent; without it the code goes out unchecked. */
  validateSending?: (code: string) => FieldProblem<F> | null;
  sendCode: () => Promise<boolean>;
  save: (code: string) => Promise<string>;
  onSaved: (message: string) => unknown;
  /** Signed-in forms take one success: the form stays locked while the screen moves on. */
  once?: boolean;
}

/**
 * A form proven by a code sent to the user (registration, reset, trade password, binding): its complaints,
 * the code box's state and sending, and the save with its lock. `codeField` goes to `CodeField`,
 * `submitting` to the submit button.
 */
export function useCodeForm<F extends string>({
  ids,
  validate,
  validateSending,
  sendCode,
  save,
  onSaved,
  once = false,
}: CodeFormOptions<F | 'code'>) {
  const [code, setCode] = useState('');
  const form = useFieldErrors(ids);
  const mutation = useMutation({ mutationFn: () => save(code), onSuccess: onSaved });
  const locked = mutation.isPending || (once && mutation.isSuccess);
  return {
    form,
    submit: (event: FormEvent) => {
      event.preventDefault();
      if (!locked && form.check(validate(code))) mutation.mutate();
    },
    codeField: {
      form,
      field: 'code' as const,
      value: code,
      onChange: setCode,
      onSend: async () => (!validateSending || form.check(validateSending(code))) && sendCode(),
    },
    submitting: { busy: mutation.isPending, disabled: locked },
  };
}

/** Navigates after half a second, so the success toast is seen; the timer ends with the screen. */
export function useNavigateLater(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (to, options) => {
    timer.current = setTimeout(() => void navigate(to, options), 500);
  };
}

/**
 * What the signed-in forms do once saved: a toast (the server's message, else `successKey` of `auth`),
 * the user's info fetched again, and back to the screen that sent the user here (`?back=`), else to the
 * account settings.
 */
export function useBackToSettings(successKey: string): (message: string) => Promise<void> {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigateLater = useNavigateLater();
  const back = useReturnPath();
  return async (message) => {
    toast(message || t(successKey), 'success');
    await queryClient.invalidateQueries({ queryKey: ['user'] });
    navigateLater(back ?? '/userSetting');
  };
}

/** The login screen with this account filled in (where registration and password reset end). */
export function loginPathFor(account: string): string {
  const query = new URLSearchParams({
    account_number: account.trim(),
    isEmail: isEmailAccount(account) ? '1' : '0',
  });
  return `/components/login?${query.toString()}`;
}
