import { type ChangeEvent, useState } from 'react';

import { changedFields, type FieldGroups, sameValue } from './changed-fields';

export interface StoredFormOptions<V, F> {
  /** The stored item as the form's values: null for a new item, undefined until it has loaded (or when it failed to). */
  stored: V | null | undefined;
  /** A new item's values; shown, not editable, until the stored item has loaded. */
  newValues: V;
  /** The API fields of the form's values. */
  fieldsOf: (values: V) => F;
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

/**
 * A form over a stored item. Its fields show the stored value (and follow it while untouched); until the stored value has
 * loaded they are not editable and nothing can be saved. A save of a stored item sends only the fields the seller
 * changed, and none is offered while nothing changed; a new item sends every field.
 */
export function useStoredForm<V extends object, F extends object>(options: StoredFormOptions<V, F>) {
  const { stored, newValues, fieldsOf, together, rewritten, onEdit } = options;
  const [edits, setEdits] = useState<Partial<V>>({});
  const base = stored ?? newValues;
  const values: V = { ...base, ...edits };
  const ready = stored !== undefined;
  const isNew = stored === null;
  const fields = fieldsOf(values);
  const changes: Partial<F> = stored ? changedFields(fieldsOf(stored), fields, together, rewritten) : isNew ? fields : {};

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) => {
      onEdit?.();
      setEdits(({ [key]: _previous, ...rest }) => (sameValue(value, base[key]) ? rest : { ...rest, [key]: value }) as Partial<V>);
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
    reset: () => setEdits({}),
    /** The value, onChange and disabled of a text, number or select input. */
    inputProps: <K extends keyof V>(key: K) => ({
      value: values[key],
      onChange: (input: unknown) => set(key)(valueOfInput(input) as V[K]),
      disabled: !ready,
    }),
    /** The checked, onChange and disabled of a checkbox or switch. */
    checkboxProps: <K extends KeyOfType<V, boolean>>(key: K) => ({
      checked: values[key] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.checked as V[K]),
      disabled: !ready,
    }),
  };
}
