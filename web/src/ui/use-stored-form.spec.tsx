import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderHookInApp } from '../test/render';
import { useStoredForm } from './use-stored-form';

interface Values {
  name: string;
  operator: string;
  threshold: number | string;
  active: boolean;
}

const STORED: Values = { name: 'Правило', operator: 'gt', threshold: 30, active: true };
const NEW: Values = { name: '', operator: 'gt', threshold: '', active: true };
const fieldsOf = (values: Values) => ({
  name: values.name.trim(),
  operator: values.operator,
  threshold: values.threshold === '' ? Number.NaN : Number(values.threshold),
  active: values.active,
});

/** The form over `stored`, which the test changes as a query's answer would arrive. */
function storedForm(stored: Values | null | undefined, options: { rewritten?: 'operator'[] } = {}) {
  let current = stored;
  const hook = renderHookInApp(() =>
    useStoredForm({ stored: current, newValues: NEW, fieldsOf, together: [['operator', 'threshold']], ...options }),
  );
  const arrive = (value: Values) => {
    current = value;
    hook.rerender();
  };
  const type = (edit: (form: typeof hook.result.current) => void) => act(() => edit(hook.result.current));
  return { form: () => hook.result.current, arrive, type };
}

describe('a form over a stored value', () => {
  it('offers no field and no save until the stored value has loaded, then shows it', () => {
    const { form, arrive } = storedForm(undefined);
    expect(form().ready).toBe(false);
    expect(form().canSave).toBe(false);
    expect(form().inputProps('threshold')).toMatchObject({ value: '', disabled: true });
    expect(form().checkboxProps('active').disabled).toBe(true);

    arrive(STORED);
    expect(form().ready).toBe(true);
    expect(form().inputProps('threshold')).toMatchObject({ value: 30, disabled: false });
    expect(form().values).toEqual(STORED);
    expect(form().canSave).toBe(false);
    expect(form().changes).toEqual({});
  });

  it('sends only the fields changed, with the fields the API reads with them, and nothing once typed back', () => {
    const { form, type } = storedForm(STORED);
    type((f) => f.inputProps('name').onChange({ currentTarget: { value: 'Новое имя' } }));
    expect(form().changes).toEqual({ name: 'Новое имя' });
    expect(form().canSave).toBe(true);

    type((f) => f.inputProps('threshold').onChange(45));
    expect(form().changes).toEqual({ name: 'Новое имя', operator: 'gt', threshold: 45 });
    expect(form().toSave('rule-1')).toEqual({ id: 'rule-1', fields: { name: 'Новое имя', operator: 'gt', threshold: 45 } });

    type((f) => f.set('name')('Правило'));
    type((f) => f.set('threshold')(30));
    expect(form().changes).toEqual({});
    expect(form().canSave).toBe(false);
    // A change the API would not see (spaces it trims) is no change either.
    type((f) => f.set('name')('Правило '));
    expect(form().canSave).toBe(false);
  });

  it('follows the stored value while a field is untouched, and keeps what was typed in a touched one', () => {
    const { form, arrive, type } = storedForm(STORED);
    type((f) => f.checkboxProps('active').onChange({ currentTarget: { checked: false } } as never));
    arrive({ ...STORED, name: 'Переименовано', active: true });
    expect(form().values).toEqual({ ...STORED, name: 'Переименовано', active: false });
    expect(form().changes).toEqual({ active: false });

    type((f) => f.reset());
    expect(form().values).toEqual({ ...STORED, name: 'Переименовано' });
    expect(form().canSave).toBe(false);
  });

  it('sends a field the form shows otherwise than stored, and every field of a new item', () => {
    expect(storedForm(STORED, { rewritten: ['operator'] }).form().changes).toEqual({ operator: 'gt', threshold: 30 });

    const { form, type } = storedForm(null);
    expect(form().ready).toBe(true);
    expect(form().canSave).toBe(true);
    type((f) => f.set('name')('Новое'));
    expect(form().toSave(undefined)).toEqual({ fields: { name: 'Новое', operator: 'gt', threshold: Number.NaN, active: true } });
  });
});
