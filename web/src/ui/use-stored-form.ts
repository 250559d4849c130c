import { type FormValidateInput, useForm } from '@mantine/form';
import { type ChangeEvent, useEffect, useRef } from 'react';

import { changedFields, type FieldGroups, sameValue } from './changed-fields';

export interface StoredFormOptions<V, F> {
  /** The stored item as the form's values: null for a new item, undefined until it has loaded (or when it failed to). */
  stored: V | null | undefined;
  /** A new item's values; shown, not editable, until the stored item has loaded. */
  newValues: V;
  /** The API fields of the form's values: the form's transformValues. */
  fieldsOf: (values: V) => F;
  /** What the form refuses before sending, by value: checked on submit, and again on every edit after the first submit. */
  validate?: FormValidateInput<V>;
  /** Fields the API reads as one (a condition's operator and value): one changed sends them all. */
  together?: FieldGroups<F>;
  /** Fields the form shows otherwise than stored (narrowed to what it can show): a save sends them as shown. */
  rewritten?: readonly (keyof F)[];
  /** Called on every edit (a form drops what it confirmed of the values it had). */
  onEdit?: () => void;
}

/** What a save of the form sends: a new item with every field, or a stored one (its id) with the changed fields. */
export type FormSave<F> = { id?: undefined; fields: F } | { id: string; fields: Partial<F> };

type KeyOfType<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V];

/** An input's value from a Mantine onChange: an element's event (text, native select) or the value itself (number, select, radio). */
const valueOfInput = (input: unknown) =>
  typeof input === 'object' && input !== null && 'currentTarget' in input ? (input.currentTarget as HTMLInputElement).value : input;

const sameValues = <V extends object>(a: V, b: V) => (Object.keys(b) as (keyof V)[]).every((key) => sameValue(a[key], b[key]));

/**
 * A Mantine form over a stored item. Its fields show the stored value (and follow it while untouched); until the stored
 * value has loaded they are not editable and nothing can be saved. A save of a stored item sends only the fields the
 * seller changed, and none is offered while nothing changed; a new item sends every field.
 */
export function useStoredForm<V extends object, F extends object>(options: StoredFormOptions<V, F>) {
  const { stored, newValues, fieldsOf, validate, together, rewritten, onEdit } = options;
  const base = stored ?? newValues;
  const form = useForm<V, F>({ mode: 'controlled', initialValues: base, validate, transformValues: fieldsOf });
  const shown = form.getInitialValues();
  // The stored value arrived or changed: the untouched fields follow it, the edited ones keep what was typed.
  const following = !sameValues(shown, base);
  const edited = (Object.keys(base) as (keyof V)[]).filter((key) => !sameValue(form.values[key], shown[key]));
  const values: V = following ? { ...base, ...Object.fromEntries(edited.map((key) => [key, form.values[key]])) } : form.values;
  useEffect(() => {
    if (!following) return;
    form.setInitialValues(base);
    form.setValues(values);
  });
  const submitted = useRef(false);
  const ready = stored !== undefined;
  const isNew = stored === null;
  const fields = form.getTransformedValues(values);
  const changes: Partial<F> = stored ? changedFields(fieldsOf(stored), fields, together, rewritten) : isNew ? fields : {};

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) => {
      onEdit?.();
      form.setFieldValue(key as never, value as never);
      if (submitted.current) form.validate();
    };

  return {
    values,
    ready,
    /** A save would send something: the item has loaded and is new or changed. */
    canSave: ready && Object.keys(changes).length > 0,
    /** Every field (a new item's create). */
    fields,
    /** The fields a save of the stored item sends. */
    changes,
    /** The save of the item `id` (its changes), or of a new item (every field) when there is no id. */
    toSave: (id: string | undefined): FormSave<F> => (id === undefined ? { fields } : { id, fields: changes }),
    set,
    /** Forgets the edits (after a save, once the stored value is read again). */
    reset: () => form.reset(),
    /** Checks the values (`validate`), then calls `send` if none is refused. */
    submit: (send: () => void) => () => {
      submitted.current = true;
      if (!form.validate().hasErrors) send();
    },
    /** What `validate` refuses, by value, once the form was submitted. */
    errors: form.errors,
    /** The value, onChange, disabled and refusal of a text, number or select input. */
    inputProps: <K extends keyof V>(key: K) => ({
      value: values[key],
      onChange: (input: unknown) => set(key)(valueOfInput(input) as V[K]),
      disabled: !ready,
      error: form.errors[key as string],
    }),
    /** The checked, onChange and disabled of a checkbox or switch. */
    checkboxProps: <K extends KeyOfType<V, boolean>>(key: K) => ({
      checked: values[key] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.checked as V[K]),
      disabled: !ready,
    }),
  };
}
