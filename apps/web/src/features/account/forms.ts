import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReturnPath } from '../../lib/return-path';
import { toast } from '../../lib/notify';

/**
 * A form of required fields: its values, the field found missing (marked until it is typed into) and a
 * setter per field.
 */
export function useRequiredFields<Form extends { [Field in keyof Form]: string }>(initial: () => Form) {
  const [form, setForm] = useState<Form>(initial);
  const [missing, setMissing] = useState<keyof Form | null>(null);
  const set = (field: keyof Form, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (missing === field) setMissing(null);
  };
  /** Marks the missing field, says so and puts the cursor in it where it is a text box (`inputId`). */
  const flagMissing = (field: keyof Form, message: string, inputId?: string) => {
    setMissing(field);
    toast(message, 'error');
    if (inputId) document.getElementById(inputId)?.focus();
  };
  return { form, set, missing, flagMissing };
}

/**
 * Saves a form: the server's answer (or `savedText`) is toasted and the query showing the saved data re-read;
 * a screen that sent the user here first (`?back=`) is where they go on.
 */
export function useSave(save: () => Promise<string>, savedText: string, savedKey: QueryKey) {
  const queryClient = useQueryClient();
  const back = useReturnPath();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: save,
    onSuccess: async (message) => {
      toast(message || savedText, 'success');
      await queryClient.invalidateQueries({ queryKey: savedKey });
      if (back) void navigate(back);
    },
  });
}
