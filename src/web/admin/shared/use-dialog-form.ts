// What the back office's form dialogs share (service items and categories,
// cases): the form's values, its field errors and message, and the submit flow
// — the contract's rules checked first (the first refused field takes the
// cursor), then the save, whose refusals land beside their fields (a message
// that only repeats a field's own is not said twice). Values that differ from
// the ones the form opened with (or last saved) are unsaved changes: the dialog
// around the form asks before discarding them (admin-dialog.tsx).
import { useState, type FormEvent } from "react";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { useUnsavedInDialog } from "./admin-dialog.tsx";
import type { FieldErrors, SaveOutcome } from "./dialog-form.ts";

interface DialogFormOptions<V> {
  validate(values: V): FieldErrors;
  save(values: V): Promise<SaveOutcome>;
  /** Told of a refusal's errors before they are shown (a form with tabs shows the one holding the first). */
  onRefused?(errors: FieldErrors): void;
}

export function useDialogForm<V>(initial: () => V, options: DialogFormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(values));
  const dirty = JSON.stringify(values) !== baseline;
  useUnsavedInDialog(dirty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState("");
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((current) => ({ ...current, [key]: value }));
  /** For changes that finish later (an upload): applied to the values as they are then. */
  const update = (change: (current: V) => V) => setValues(change);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const refused = options.validate(values);
    if (Object.keys(refused).length > 0) {
      options.onRefused?.(refused);
      setErrors(refused);
      setMessage("");
      focusFirstError();
      return;
    }
    setSaving(true);
    setMessage("");
    setErrors({});
    const outcome = await options.save(values);
    setSaving(false);
    if (outcome.ok) setBaseline(JSON.stringify(values));
    else {
      options.onRefused?.(outcome.errors);
      setErrors(outcome.errors);
      setMessage(Object.values(outcome.errors).includes(outcome.message) ? "" : outcome.message);
      focusFirstError();
    }
  }

  return { ref, values, set, update, errors, setErrors, message, saving, submit, dirty };
}
